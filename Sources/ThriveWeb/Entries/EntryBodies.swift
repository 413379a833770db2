import Foundation
import ThriveCore

/// A mood check-in to log: mood, and optionally energy and stress, each 1–5, with a private note.
struct CheckInRequest: Codable {
    var recordedAt: Date?
    var mood: Int
    var energy: Int?
    var stress: Int?
    var note: String?
}

struct CheckInBody: Codable {
    let id: String
    let recordedAt: Date
    let mood: Int
    let energy: Int?
    let stress: Int?
    let note: String?

    init(_ checkIn: MoodCheckIn) {
        id = checkIn.id.description
        recordedAt = checkIn.recordedAt
        mood = checkIn.mood
        energy = checkIn.energy
        stress = checkIn.stress
        note = checkIn.note
    }
}

/// A weigh-in to log, in kilograms (the API's unit whatever the person's display units).
struct WeighInRequest: Codable {
    var measuredAt: Date?
    var kilograms: Double
}

struct WeighInBody: Codable {
    let id: String
    let measuredAt: Date
    let kilograms: Double
    let pounds: Double

    init(_ sample: QuantitySample) {
        id = sample.id.description
        measuredAt = sample.start
        kilograms = sample.value
        pounds = (Mass(kilograms: sample.value).pounds * 10).rounded() / 10
    }
}

/// Water drunk, in millilitres.
struct WaterRequest: Codable {
    var drankAt: Date?
    var millilitres: Double
}

struct WaterBody: Codable {
    let id: String
    let drankAt: Date
    let millilitres: Double

    init(_ sample: QuantitySample) {
        id = sample.id.description
        drankAt = sample.start
        millilitres = (sample.value * 1000).rounded()
    }
}

/// A journal entry to keep: free text, private.
struct JournalRequest: Codable {
    var writtenAt: Date?
    var text: String
}

struct JournalBody: Codable {
    let id: String
    let writtenAt: Date
    let text: String

    init(_ entry: JournalEntry) {
        id = entry.id.description
        writtenAt = entry.writtenAt
        text = entry.text
    }
}

/// A night's sleep logged by hand: when the person fell asleep and woke, and how well they slept.
struct SleepRequest: Codable {
    var start: Date
    var end: Date
    var quality: Int?
}

struct SleepBody: Codable {
    let id: String
    let start: Date
    let end: Date
    let hours: Double
    let quality: Int?

    init(_ sample: CategorySample) {
        id = sample.id.description
        start = sample.start
        end = sample.end
        hours = (sample.end.timeIntervalSince(sample.start) / 360).rounded() / 10
        quality = sample.quality
    }
}

/// One day's entries of a kind, in the person's time zone.
struct EntryDayBody<Entry: Encodable>: Encodable {
    let date: LocalDate
    let entries: [Entry]
}
