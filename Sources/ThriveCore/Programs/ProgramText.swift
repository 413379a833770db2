import Foundation

/// Reads a program from its Markdown file:
///
///     ---
///     title: Sleep reset
///     icon: 😴
///     goal: sleep
///     level: Beginner friendly
///     summary: Two weeks to a steadier night.
///     ---
///     ## Habits
///     - 🌙 Lights out by 22:30 | every day | reminder 22:00
///     - ☀️ Morning daylight | minutes 10 | every day
///     ## Day 1: Why the wake time comes first
///     The lesson, in Markdown …
///
/// A habit line is its icon and name, then any of: `count 8 glasses`, `minutes 10`, `every day`,
/// `3 a week`, `mon wed fri`, `reminder 07:30`. Days must run 1, 2, 3 … without a gap. A file that
/// breaks a rule is refused with the line to mend, so a bad program never reaches a person.
public enum ProgramText {
    public typealias Problem = TextFileProblem

    public static func program(id: ProgramID, text: String) throws(Problem) -> Program {
        let front = try FrontMatter(file: id.rawValue, text: text, expecting: "title, icon, goal, level and summary")
        let (lines, close) = (front.lines, front.close)
        func problem(_ line: Int, _ reason: String) -> Problem { front.problem(line, reason) }
        func field(_ key: String) throws(Problem) -> String { try front.field(key) }
        guard let goal = CoachingGoal(rawValue: try field("goal")) else {
            throw problem(0, "goal is one of \(CoachingGoal.allCases.map(\.rawValue).joined(separator: ", "))")
        }

        var habits: [HabitDraft] = []
        var days: [Program.Day] = []
        var section: (title: String, line: Int, body: [String])?
        func closeSection() throws(Problem) {
            guard let open = section else { return }
            section = nil
            if open.title == "Habits" {
                for (offset, line) in open.body.enumerated() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                    guard line.hasPrefix("- ") else { throw problem(open.line + 1 + offset, "a habit line starts with - ") }
                    do { habits.append(try habit(String(line.dropFirst(2)))) } catch let reason {
                        throw problem(open.line + 1 + offset, reason.text)
                    }
                }
                return
            }
            let number = days.count + 1
            let prefix = "Day \(number): "
            guard open.title.hasPrefix(prefix), open.title.count > prefix.count else {
                throw problem(open.line, "expected “## \(prefix)title”")
            }
            let lesson = open.body.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !lesson.isEmpty else { throw problem(open.line, "day \(number) has no lesson") }
            days.append(Program.Day(number: number, title: String(open.title.dropFirst(prefix.count)), lesson: lesson))
        }
        for index in (close + 1)..<lines.count {
            let line = lines[index]
            if line.hasPrefix("## ") {
                try closeSection()
                section = (String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), index, [])
            } else if section != nil {
                section?.body.append(line)
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                throw problem(index, "text before the first ## heading")
            }
        }
        try closeSection()
        guard !days.isEmpty else { throw problem(close, "a program has at least one day") }
        return Program(
            id: id, title: try field("title"), icon: try field("icon"), summary: try field("summary"),
            level: try field("level"), goal: goal, habits: habits, days: days)
    }

    struct Reason: Error { let text: String }

    private static let weekdayNames = ["sun": 1, "mon": 2, "tue": 3, "wed": 4, "thu": 5, "fri": 6, "sat": 7]

    /// One habit line after its "- ": checked as the habit form would check it.
    static func habit(_ line: String) throws(Reason) -> HabitDraft {
        let parts = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let head = parts.first, let space = head.firstIndex(of: " ") else {
            throw Reason(text: "a habit starts with its icon and name")
        }
        var draft = HabitDraft(name: String(head[head.index(after: space)...]), icon: String(head[..<space]))
        for part in parts.dropFirst() {
            let words = part.split(separator: " ").map(String.init)
            switch words.first {
            case "count" where words.count >= 3:
                draft.measure = "count"
                draft.target = Int(words[1])
                draft.unit = words.dropFirst(2).joined(separator: " ")
            case "minutes" where words.count == 2:
                draft.measure = "minutes"
                draft.target = Int(words[1])
            case "reminder" where words.count == 2:
                draft.reminder = words[1]
            case _ where part == "every day":
                break
            case _ where words.count == 3 && words[1] == "a" && words[2] == "week":
                draft.timesPerWeek = Int(words[0])
            case _ where !words.isEmpty && words.allSatisfy({ weekdayNames[$0] != nil }):
                draft.weekdays = words.compactMap { weekdayNames[$0] }
            default:
                throw Reason(text: "“\(part)” is not a measure, a schedule or a reminder")
            }
        }
        do {
            _ = try draft.habit(id: HabitID(UUID()), startedOn: LocalDate(daysSinceEpoch: 0), at: Date(timeIntervalSince1970: 0))
        } catch {
            throw Reason(text: "the habit does not pass the habit form’s checks (\(error))")
        }
        return draft
    }
}
