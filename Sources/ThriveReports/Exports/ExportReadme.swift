import Foundation

/// The README at the top of a person's export: what each file holds, in which units and formats,
/// and what was left out and why.
public enum ExportReadme {
    /// What each table is, in a person's words.
    static let tables: [String: String] = [
        "users": "your account: e-mail address and when you joined",
        "profiles": "your profile: name, date of birth, sex, height, weight, units and time zone",
        "person_documents":
            "settings, goals, plan preferences, programs you joined, your library shelf, and what you wrote as a creator (each a JSON document under `body`)",
        "quantity_samples": "measurements: steps, heart rate, weight, energy, water, nutrients and more, one row each",
        "category_samples": "sleep stages, mindful minutes and other events",
        "workouts": "workouts, logged or from a device",
        "workout_sets": "the sets of each workout (its `workout_id`)",
        "food_log_entries": "meals and foods you logged",
        "mood_check_ins": "mood, energy and stress check-ins",
        "journal_entries": "journal entries",
        "habits": "your habits, their schedule, pauses and streaks",
        "habit_check_ins": "each day of a habit: done, skipped or counted",
        "coach_attachments": "photos you sent the coach (the files are under `files/coach_attachments/`)",
        "coach_messages": "your conversation with the coach",
        "achievement_awards": "achievements you earned",
        "creator_badge_awards": "badges from a creator's space",
        "creator_members": "the creator space you joined",
        "notifications": "your notification center",
        "safety_alerts": "safety alerts, when they opened and when they were acknowledged",
        "data_imports": "imports you ran and what they brought in",
        "device_connections": "connected devices (without their access tokens)",
    ]

    public static func text(
        createdAt: Date, counts: [(table: String, rows: Int)], observations: Int, leftOut: [String: String] = [:]
    ) -> String {
        var time: [UInt8] = []
        ExportText.appendTimestamp(createdAt.timeIntervalSince1970, to: &time)
        var lines = [
            "# Your data from Thrive",
            "",
            "Everything you keep in Thrive, as it was at \(String(decoding: time, as: UTF8.self)) (UTC).",
            "It is yours: keep it, open it in a spreadsheet, or give it to a clinician.",
            "",
            "## Files",
            "",
            "- `data/<table>.json`: each table as a JSON array, one object per record, one record per line.",
            "- `csv/<table>.csv`: the same records for spreadsheets (comma-separated, UTF-8, a header row).",
            "- `fhir/observations.json`: your vital signs as a FHIR R4 Bundle of Observations with LOINC codes, "
                + "for a clinician's system (\(observations) observations).",
            "- `files/`: photos you sent the coach, named in the rows that refer to them.",
            "- `manifest.json`: the format's name and version and the records in each table, for an import.",
            "",
            "| table | records | what it holds |",
            "|---|---:|---|",
        ]
        for (table, rows) in counts {
            lines.append("| `\(table)` | \(rows) | \(tables[table] ?? "") |")
        }
        lines += [
            "",
            "## How to read the values",
            "",
            "- Times are ISO 8601 in UTC, to the millisecond (`2026-11-26T07:30:00.000Z`); days (`2026-11-26`) are your local days.",
            "- Measurements are in the units Thrive keeps them in, whatever units you see in the app: kilograms, metres, "
                + "kilocalories, litres, grams, minutes, beats (or breaths) per minute, milliseconds; percentages such as "
                + "oxygen saturation and body fat as fractions (0.97 is 97 %). A sample's `type` is its Apple Health name "
                + "without the `HKQuantityTypeIdentifier` prefix (`HeartRate`, `BodyMass`).",
            "- `source_name` and `source_kind` say where a record came from (`manual`: you typed it; `device`: a watch, "
                + "a scale or an import).",
            "- In the CSV files, a text that begins with =, +, -, @ or a tab starts with an apostrophe, so that a "
                + "spreadsheet shows it rather than runs it as a formula. The JSON files hold the text unchanged.",
            "",
            "## Ids",
            "",
            "Each record has the id it has on this server; `workout_sets.workout_id`, `habit_check_ins.habit_id` and "
                + "`coach_messages.attachment_id` name the record they belong to.",
            "",
            "## Moving to another Thrive server",
            "",
            "Upload this ZIP as it is in Profile › Your data › Import on the other server, into an account that has no "
                + "records yet (right after signing up). Everything below is brought in but the account itself "
                + "(e-mail and password stay the new account's), a creator space you joined and connected devices "
                + "(connect them again there). Each record gets a new id.",
        ]
        if !leftOut.isEmpty {
            lines += ["", "## Not in this file", ""]
            for (table, why) in leftOut.sorted(by: { $0.key < $1.key }) { lines.append("- `\(table)`: \(why).") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
