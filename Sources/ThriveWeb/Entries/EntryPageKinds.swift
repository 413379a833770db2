import Foundation
import ThriveCore

/// The five words of a 1–5 scale ("entry.scale.mood.1" …).
private func scaleWords(_ scale: String) -> [String] { (1...5).map { t("entry.scale.\(scale).\($0)") } }

/// The time field every entry form has, in the person's zone.
private func timeControl(_ values: [String: String], _ errors: FormErrors) -> FormControl {
    .text(
        InputField(
            "time", t("entry.time"), value: values["time"] ?? "", errors: errors, hint: t("entry.timeHint"), type: "time",
            decimal: false, narrow: true))
}

extension EntryPageKind where Entry == MoodCheckIn {
    static var moodWords: [String] { scaleWords("mood") }
    static var energyWords: [String] { scaleWords("energy") }
    static var stressWords: [String] { scaleWords("stress") }

    /// Pillars › Wellbeing › Mood: mood, energy and stress on 1–5 scales with a private note.
    static let mood = EntryPageKind(
        kind: .checkIn, sync: .moodCheckIn, text: "entry.mood", path: "/pillars/wellbeing/mood", pillar: .wellbeing,
        controls: { values, errors, _ in
            [
                .scale(ScaleField("mood", t("entry.mood.mood"), words: moodWords, value: values["mood"], errors: errors)),
                .scale(
                    ScaleField(
                        "energy", t("entry.mood.energy"), words: energyWords, value: values["energy"], errors: errors,
                        optional: true)),
                .scale(
                    ScaleField(
                        "stress", t("entry.mood.stress"), words: stressWords, value: values["stress"], errors: errors,
                        optional: true)),
                .note(NoteField("note", t("entry.mood.note"), value: values["note"] ?? "", errors: errors)),
                timeControl(values, errors),
            ]
        },
        values: { checkIn, person in
            var values = ["mood": String(checkIn.mood), "time": DisplayFormat.time(checkIn.recordedAt, in: person.zone)]
            values["energy"] = checkIn.energy.map { "\($0)" }
            values["stress"] = checkIn.stress.map { "\($0)" }
            values["note"] = checkIn.note
            return values
        },
        parse: { form, id, time, _ in
            guard let mood = form.text("mood").flatMap({ Int($0) }) else {
                throw ValidationError(field: "mood", message: t("entry.mood.required"))
            }
            return try ManualEntries.checkIn(
                id: id, at: time, mood: mood, energy: form.text("energy").flatMap { Int($0) },
                stress: form.text("stress").flatMap { Int($0) }, note: form["note"], now: time)
        },
        item: { checkIn, person in
            var parts = [
                t("entry.mood.itemMood", ["mood": String(checkIn.mood), "word": moodWords[checkIn.mood - 1].lowercased()])
            ]
            if let energy = checkIn.energy { parts.append(t("entry.mood.itemEnergy", ["value": String(energy)])) }
            if let stress = checkIn.stress { parts.append(t("entry.mood.itemStress", ["value": String(stress)])) }
            var detail = DisplayFormat.time(checkIn.recordedAt, in: person.zone)
            if let note = checkIn.note { detail += " · \(note)" }
            return (parts.joined(separator: ", "), detail)
        },
        summary: { checkIns, _ in
            guard !checkIns.isEmpty else { return nil }
            let average = Double(checkIns.map(\.mood).reduce(0, +)) / Double(checkIns.count)
            return Localizer.current.plural(
                "entry.mood.summary", checkIns.count, ["average": DisplayFormat.decimal(average)])
        }, charts: [.mood, .energyLevel, .stress])
}

extension EntryPageKind where Entry == JournalEntry {
    /// Pillars › Wellbeing › Journal: free writing, private, newest first.
    static let journal = EntryPageKind(
        kind: .journal, sync: .journalEntry, text: "entry.journal", path: "/pillars/wellbeing/journal", pillar: .wellbeing,
        controls: { values, errors, _ in
            [
                .note(
                    NoteField(
                        "text", t("entry.journal.prompt"), value: values["text"] ?? "", errors: errors, optional: false,
                        maximumLength: JournalEntry.maximumLength)),
                timeControl(values, errors),
            ]
        },
        values: { entry, person in ["text": entry.text, "time": DisplayFormat.time(entry.writtenAt, in: person.zone)] },
        parse: { form, id, time, _ in try ManualEntries.journal(id: id, at: time, text: form["text"] ?? "", now: time) },
        item: { entry, person in
            let firstLine = entry.text.split(separator: "\n").first.map(String.init) ?? entry.text
            return (String(firstLine.prefix(120)), DisplayFormat.time(entry.writtenAt, in: person.zone))
        },
        summary: { entries, _ in
            entries.isEmpty ? nil : Localizer.current.plural("entry.journal.summary", entries.count)
        })
}

extension EntryPageKind where Entry == CategorySample {
    static var qualityWords: [String] { scaleWords("quality") }

    /// Pillars › Fitness › Sleep: when the person fell asleep and woke, and how well they slept; the
    /// night counts for the day they woke on, in scores and KPI cards like a device's sleep.
    static let sleep = EntryPageKind(
        kind: .sleep, sync: .sleep, text: "entry.sleep", path: "/pillars/fitness/sleep", pillar: .fitness,
        controls: { values, errors, _ in
            [
                .text(
                    InputField(
                        "start", t("entry.sleep.start"), value: values["start"] ?? "", errors: errors,
                        hint: t("entry.sleep.startHint"), type: "time", decimal: false,
                        narrow: true)),
                .text(
                    InputField(
                        "end", t("entry.sleep.end"), value: values["end"] ?? "", errors: errors, type: "time", decimal: false,
                        narrow: true)
                ),
                .scale(
                    ScaleField(
                        "quality", t("entry.sleep.quality"), words: qualityWords, value: values["quality"], errors: errors,
                        optional: true)),
            ]
        },
        values: { sample, person in
            var values = [
                "start": DisplayFormat.time(sample.start, in: person.zone),
                "end": DisplayFormat.time(sample.end, in: person.zone),
            ]
            values["quality"] = sample.quality.map { "\($0)" }
            return values
        },
        parse: { form, id, time, person in
            // `time` is now for today and midday for an earlier day: the day the person woke.
            let day = LocalDate(time, in: person.zone)
            guard let endText = form.text("end") else {
                throw ValidationError(field: "end", message: t("entry.sleep.endRequired"))
            }
            guard let startText = form.text("start") else {
                throw ValidationError(field: "start", message: t("entry.sleep.startRequired"))
            }
            let end = try ManualEntries.moment(endText, on: day, zone: person.zone, field: "end")
            var start = try ManualEntries.moment(startText, on: day, zone: person.zone, field: "start")
            if start >= end {
                start = try ManualEntries.moment(startText, on: day.adding(days: -1), zone: person.zone, field: "start")
            }
            return try ManualEntries.sleep(
                id: id, from: start, to: end, quality: form.text("quality").flatMap { Int($0) },
                now: day == person.today ? time : .distantFuture)
        },
        item: { sample, person in
            var title = DurationFormat.hoursAndMinutes(sample.end.timeIntervalSince(sample.start))
            if let quality = sample.quality { title += " · \(qualityWords[quality - 1].lowercased()) (\(quality)/5)" }
            return (
                title,
                t(
                    "entry.sleep.span",
                    [
                        "start": DisplayFormat.time(sample.start, in: person.zone),
                        "end": DisplayFormat.time(sample.end, in: person.zone),
                    ])
            )
        },
        summary: { samples, _ in
            guard !samples.isEmpty else { return nil }
            let seconds = samples.map { $0.end.timeIntervalSince($0.start) }.reduce(0, +)
            return t("entry.sleep.summary", ["duration": DurationFormat.hoursAndMinutes(seconds)])
        }, charts: [.sleep])
}

extension EntryPageKind where Entry == QuantitySample {
    /// Pillars › Nutrition › Weight, in the person's units.
    static let weight = EntryPageKind(
        kind: .weight, sync: .weighIn, text: "entry.weight", path: "/pillars/nutrition/weight", pillar: .nutrition,
        controls: { values, errors, person in
            [
                .text(
                    InputField(
                        "weight", t("entry.weight.weight"), unit: person.profile.unitSystem == .metric ? "kg" : "lb",
                        value: values["weight"] ?? "", errors: errors, narrow: true)),
                timeControl(values, errors),
            ]
        },
        values: { sample, person in
            let mass = Mass(kilograms: sample.value)
            let shown = person.profile.unitSystem == .metric ? mass.kilograms : mass.pounds
            return ["weight": DisplayFormat.decimal(shown), "time": DisplayFormat.time(sample.start, in: person.zone)]
        },
        parse: { form, id, time, person in
            guard let typed = try form.number("weight", label: t("entry.weight.weight")) else {
                throw ValidationError(field: "weight", message: t("entry.weight.required"))
            }
            let kilograms = person.profile.unitSystem == .metric ? typed : Mass(pounds: typed).kilograms
            do {
                return try ManualEntries.weighIn(id: id, at: time, kilograms: kilograms, now: time)
            } catch let error as ValidationError {
                throw ValidationError(field: "weight", message: error.message)
            }
        },
        item: { sample, person in
            (
                DisplayFormat.mass(Mass(kilograms: sample.value), person.profile.unitSystem),
                DisplayFormat.time(sample.start, in: person.zone)
            )
        },
        summary: { _, _ in nil }, charts: [.weight])

    /// Pillars › Nutrition › Hydration: one-tap glasses, or any amount, in the person's units.
    static let water = EntryPageKind(
        kind: .water, sync: .water, text: "entry.water", path: "/pillars/nutrition/hydration", pillar: .nutrition,
        quickAmounts: ["250", "500"],
        controls: { values, errors, person in
            [
                .text(
                    InputField(
                        "amount", t("entry.water.amount"), unit: person.profile.unitSystem == .metric ? "ml" : "fl oz",
                        value: values["amount"] ?? "", errors: errors, narrow: true)),
                timeControl(values, errors),
            ]
        },
        values: { sample, person in
            let millilitres = sample.value * 1000
            let shown = person.profile.unitSystem == .metric ? millilitres : millilitres / millilitresPerFluidOunce
            return ["amount": DisplayFormat.decimal(shown), "time": DisplayFormat.time(sample.start, in: person.zone)]
        },
        parse: { form, id, time, person in
            // The one-tap buttons send millilitres; the amount field is in the person's units.
            let millilitres: Double
            if let quick = try form.number("millilitres", label: t("entry.water.amount")) {
                millilitres = quick
            } else if let typed = try form.number("amount", label: t("entry.water.amount")) {
                millilitres = person.profile.unitSystem == .metric ? typed : typed * millilitresPerFluidOunce
            } else {
                throw ValidationError(field: "amount", message: t("entry.water.required"))
            }
            do {
                return try ManualEntries.water(id: id, at: time, millilitres: millilitres, now: time)
            } catch let error as ValidationError {
                let inTheirUnits =
                    error.field == "millilitres" ? ManualEntries.drinkProblem(person.profile.unitSystem) : error.message
                throw ValidationError(field: "amount", message: inTheirUnits)
            }
        },
        item: { sample, person in
            (volume(sample.value * 1000, person), DisplayFormat.time(sample.start, in: person.zone))
        },
        summary: { samples, person in
            guard !samples.isEmpty else { return nil }
            return t("entry.water.summary", ["amount": volume(samples.map(\.value).reduce(0, +) * 1000, person)])
        }, charts: [.water])

    static let millilitresPerFluidOunce = 29.573_53

    static func volume(_ millilitres: Double, _ person: PersonContext) -> String {
        volume(millilitres, person.profile.unitSystem)
    }

    /// "1,750 ml", or "59.2 fl oz" for imperial units.
    static func volume(_ millilitres: Double, _ units: UnitSystem) -> String {
        units == .metric
            ? "\(DisplayFormat.count(Int(millilitres.rounded()))) ml"
            : "\(DisplayFormat.decimal(millilitres / millilitresPerFluidOunce)) fl oz"
    }
}
