import Foundation
import ThriveCore
import ThriveStore

/// The entry kinds a device can write, each validated exactly as the entries API validates it.
enum SyncAdapters {
    static func all(services: AppServices) -> [ChangeKind: any SyncAdapter] {
        let now = services.now
        let meals = services.meals
        let adapters: [any SyncAdapter] = [
            EntrySyncAdapter(
                kind: .moodCheckIn, entries: .checkIn,
                make: { (input: CheckInRequest, id) in
                    try ManualEntries.checkIn(
                        id: id, at: input.recordedAt, mood: input.mood, energy: input.energy, stress: input.stress,
                        note: input.note, now: now())
                },
                input: {
                    CheckInRequest(recordedAt: $0.recordedAt, mood: $0.mood, energy: $0.energy, stress: $0.stress, note: $0.note)
                }),
            EntrySyncAdapter(
                kind: .journalEntry, entries: .journal,
                make: { (input: JournalRequest, id) in
                    try ManualEntries.journal(id: id, at: input.writtenAt, text: input.text, now: now())
                },
                input: { JournalRequest(writtenAt: $0.writtenAt, text: $0.text) }),
            EntrySyncAdapter(
                kind: .meal, entries: .meal,
                make: { (input: MealEntryRequest, id) in try await meals.entry(from: input, id: FoodLogEntryID(id)) },
                input: {
                    MealEntryRequest(
                        meal: $0.meal, consumedAt: $0.consumedAt, grams: $0.grams, name: $0.name,
                        energyKilocalories: $0.energyKilocalories, proteinGrams: $0.proteinGrams,
                        carbohydrateGrams: $0.carbohydrateGrams, fatGrams: $0.fatGrams)
                }),
            EntrySyncAdapter(
                kind: .workout, entries: .workout,
                make: { (input: WorkoutRequest, id) in try input.workout(id: id, now: now()) },
                input: WorkoutRequest.init),
            EntrySyncAdapter(
                kind: .weighIn, entries: .weight,
                make: { (input: WeighInRequest, id) in
                    try ManualEntries.weighIn(id: id, at: input.measuredAt, kilograms: input.kilograms, now: now())
                },
                input: { WeighInRequest(measuredAt: $0.start, kilograms: $0.value) }),
            EntrySyncAdapter(
                kind: .water, entries: .water,
                make: { (input: WaterRequest, id) in
                    try ManualEntries.water(id: id, at: input.drankAt, millilitres: input.millilitres, now: now())
                },
                input: { WaterRequest(drankAt: $0.start, millilitres: ($0.value * 10_000).rounded() / 10) }),
            EntrySyncAdapter(
                kind: .sleep, entries: .sleep,
                make: { (input: SleepRequest, id) in
                    try ManualEntries.sleep(id: id, from: input.start, to: input.end, quality: input.quality, now: now())
                },
                input: { SleepRequest(start: $0.start, end: $0.end, quality: $0.quality) }),
        ]
        return Dictionary(uniqueKeysWithValues: adapters.map { ($0.kind, $0) })
    }
}
