import Foundation

/// What the person just did in the conversation.
public enum CoachTurn: Hashable, Sendable {
    /// The person opened the conversation on a day the coach has not spoken yet.
    case opening(firstEver: Bool)
    case text(String)
    /// A quick reply tapped, by payload.
    case quickReply(String)
    /// An answer to "Did you do …?", with the habit as it stands after the answer was recorded.
    case habitAnswer(CoachFacts.HabitFact, HabitCheck.Answer)
    case image
}

/// One message the coach will send, in words not yet in any language.
public struct CoachLine: Hashable, Sendable {
    public struct Option: Hashable, Sendable {
        public let label: Phrase
        public let payload: String
    }

    public let phrase: Phrase
    public var options: [Option] = []
    /// Asks "Did you do …?" about this habit.
    public var habitCheck: CoachFacts.HabitFact?

    public init(_ phrase: Phrase, options: [Option] = [], habitCheck: CoachFacts.HabitFact? = nil) {
        self.phrase = phrase
        self.options = options
        self.habitCheck = habitCheck
    }
}

/// The coach that runs on the person's own server: it answers from their habits, streaks and
/// program, in the tone they chose, and sends nothing anywhere. It is a habit coach and says so: an
/// emergency or a medical question is pointed to the people who can help.
public struct RuleBasedCoach: Sendable {
    public init() {}

    /// Quick-reply payloads the coach offers and understands.
    public enum Payload: String, CaseIterable, Sendable {
        case howAmIDoing = "how_am_i_doing"
        case checkIn = "check_in"
        case program
        case feelingGreat = "feeling_great"
        case feelingOkay = "feeling_okay"
        case feelingStruggling = "feeling_struggling"
        case needHelp = "need_help"
    }

    public func reply(to turn: CoachTurn, facts: CoachFacts) -> [CoachLine] {
        switch turn {
        case .opening(let firstEver): opening(firstEver: firstEver, facts)
        case .image: [CoachLine(Phrase("coach.says.image"), options: Self.menu)]
        case .habitAnswer(let habit, .done): afterDone(habit, facts)
        case .habitAnswer(let habit, .skip):
            [CoachLine(Phrase("coach.says.skipped.\(facts.tone.rawValue)", ["habit": .text(habit.name)]), options: Self.menu)]
        case .habitAnswer(let habit, .notYet):
            [CoachLine(Phrase("coach.says.notYet.\(facts.tone.rawValue)", ["habit": .text(habit.name)]), options: Self.menu)]
        case .quickReply(let payload):
            if let known = Payload(rawValue: payload) { answer(known, facts) } else { [fallback] }
        case .text(let words): answer(CoachTopic(words), facts)
        }
    }

    private func answer(_ payload: Payload, _ facts: CoachFacts) -> [CoachLine] {
        switch payload {
        case .howAmIDoing: progress(facts)
        case .checkIn: checkIn(facts)
        case .program: program(facts)
        case .feelingGreat: [CoachLine(Phrase("coach.says.feelingGreat"), options: Self.menu)]
        case .feelingOkay: [CoachLine(Phrase("coach.says.feelingOkay"), options: Self.menu)]
        case .feelingStruggling: struggling(facts)
        case .needHelp: [CoachLine(Phrase("coach.says.help"), options: Self.menu)]
        }
    }

    private func answer(_ topic: CoachTopic, _ facts: CoachFacts) -> [CoachLine] {
        switch topic {
        case .urgent: [CoachLine(Phrase("coach.says.urgent"))]
        case .medical: [CoachLine(Phrase("coach.says.notClinician"), options: Self.menu)]
        case .checkIn: checkIn(facts)
        case .progress: progress(facts)
        case .program: program(facts)
        case .struggling: struggling(facts)
        case .thanks: [CoachLine(Phrase("coach.says.thanks"))]
        case .greeting: [greeting(facts), feelingQuestion]
        case .feelingGood: [CoachLine(Phrase("coach.says.feelingGreat"), options: Self.menu)]
        case .other: [fallback]
        }
    }

    private func opening(firstEver: Bool, _ facts: CoachFacts) -> [CoachLine] {
        var lines: [CoachLine] = []
        if firstEver { lines.append(CoachLine(Phrase("coach.says.welcome"))) }
        lines.append(greeting(facts))
        if let focus = facts.focus { lines.append(CoachLine(Self.focusPhrase(focus))) }
        if let missed = facts.habits.first(where: \.missedYesterday) {
            lines.append(CoachLine(Phrase("coach.says.missed", ["habit": .text(missed.name)])))
        }
        lines += facts.programs.map(programLine)
        if let open = facts.open.first {
            lines.append(check(open))
        } else {
            lines.append(feelingQuestion)
        }
        return lines
    }

    /// "Good morning, Alex. 2 of 5 habits done today."
    private func greeting(_ facts: CoachFacts) -> CoachLine {
        let hello =
            facts.name.map { Phrase("coach.says.hello.\(facts.dayPart.rawValue)Named", ["name": .text($0)]) }
            ?? Phrase("coach.says.hello.\(facts.dayPart.rawValue)")
        return CoachLine(Phrase("coach.says.twoParts", ["first": .phrase(hello), "second": .phrase(todayPhrase(facts))]))
    }

    private func todayPhrase(_ facts: CoachFacts) -> Phrase {
        let due = facts.dueToday.count
        if facts.habits.isEmpty { return Phrase("coach.says.noHabits") }
        if due == 0 { return Phrase("coach.says.restDay") }
        if facts.doneToday == due { return Phrase("coach.says.allDone") }
        return Phrase("coach.says.today", ["done": .integer(facts.doneToday), "count": .integer(due)])
    }

    /// "Your focus is fitness: 4,210 steps so far today."
    static func focusPhrase(_ focus: CoachFacts.FocusToday) -> Phrase {
        switch focus {
        case .fitness(let steps?): Phrase("coach.says.focus.fitness", ["count": .integer(steps)])
        case .fitness(nil): Phrase("coach.says.focus.fitnessNone")
        case .nutrition(let meals) where meals > 0: Phrase("coach.says.focus.nutrition", ["count": .integer(meals)])
        case .nutrition: Phrase("coach.says.focus.nutritionNone")
        case .wellbeing(let checkedIn): Phrase(checkedIn ? "coach.says.focus.wellbeing" : "coach.says.focus.wellbeingNone")
        }
    }

    private func progress(_ facts: CoachFacts) -> [CoachLine] {
        var lines = [CoachLine(todayPhrase(facts))]
        if let focus = facts.focus { lines.append(CoachLine(Self.focusPhrase(focus))) }
        if let best = facts.longestRun {
            lines.append(CoachLine(Phrase("coach.says.longestRun", ["habit": .text(best.name), "count": .integer(best.streak)])))
        } else if !facts.habits.isEmpty {
            lines.append(CoachLine(Phrase("coach.says.noRun")))
        }
        if let missed = facts.habits.first(where: \.missedYesterday) {
            lines.append(CoachLine(Phrase("coach.says.missed", ["habit": .text(missed.name)])))
        }
        lines[lines.count - 1].options = facts.open.isEmpty ? [Self.option(.program)] : [Self.option(.checkIn)]
        return lines
    }

    private func checkIn(_ facts: CoachFacts) -> [CoachLine] {
        if let open = facts.open.first { return [check(open)] }
        return [CoachLine(todayPhrase(facts), options: [Self.option(.howAmIDoing)])]
    }

    private func afterDone(_ habit: CoachFacts.HabitFact, _ facts: CoachFacts) -> [CoachLine] {
        let done = Phrase("coach.says.done.\(facts.tone.rawValue)", ["habit": .text(habit.name)])
        let said =
            habit.streak >= 2
            ? Phrase(
                "coach.says.twoParts",
                ["first": .phrase(done), "second": .phrase(Phrase("coach.says.runNow", ["count": .integer(habit.streak)]))])
            : done
        var lines = [CoachLine(said)]
        if HabitMilestones.days.contains(habit.streak), let push = Self.milestonePush(habit, facts.difficulty) {
            lines.append(CoachLine(push))
        }
        if let next = facts.open.first(where: { $0.id != habit.id }) {
            return lines + [check(next)]
        }
        return lines + [CoachLine(todayPhrase(facts), options: [Self.option(.howAmIDoing)])]
    }

    /// At a milestone, the difficulty the person chose speaks: a step up, or staying steady.
    static func milestonePush(_ habit: CoachFacts.HabitFact, _ difficulty: GoalDifficulty) -> Phrase? {
        let values: [String: Phrase.Value] = ["habit": .text(habit.name), "count": .integer(habit.streak)]
        return switch difficulty {
        case .aggressive: Phrase("coach.says.stepUp", values)
        case .conservative: Phrase("coach.says.keepSteady", values)
        case .moderate: nil
        }
    }

    private func program(_ facts: CoachFacts) -> [CoachLine] {
        guard !facts.programs.isEmpty else { return [CoachLine(Phrase("coach.says.noProgram"), options: Self.menu)] }
        return facts.programs.map(programLine)
    }

    private func programLine(_ program: CoachFacts.ProgramFact) -> CoachLine {
        let place = Phrase(
            "coach.says.programDay",
            ["day": .integer(program.day), "length": .integer(program.length), "program": .text(program.title)])
        guard let lesson = program.lessonTitle else { return CoachLine(place) }
        let next =
            program.lessonDone
            ? Phrase("coach.says.lessonDone") : Phrase("coach.says.lesson", ["lesson": .text(lesson)])
        return CoachLine(Phrase("coach.says.twoParts", ["first": .phrase(place), "second": .phrase(next)]))
    }

    private func struggling(_ facts: CoachFacts) -> [CoachLine] {
        var lines = [CoachLine(Phrase("coach.says.struggling.\(facts.tone.rawValue)"))]
        if let open = facts.open.first {
            // A smaller version for a careful pace, the whole habit now for an ambitious one.
            let key =
                switch facts.difficulty {
                case .conservative: "coach.says.smallerStep"
                case .moderate: "coach.says.smallStep"
                case .aggressive: "coach.says.doItNow"
                }
            lines.append(CoachLine(Phrase(key, ["habit": .text(open.name)]), options: [Self.option(.checkIn)]))
        } else {
            lines[0].options = [Self.option(.needHelp)]
        }
        return lines
    }

    private func check(_ habit: CoachFacts.HabitFact) -> CoachLine {
        CoachLine(Phrase("coach.says.didYou", ["habit": .text(habit.name)]), habitCheck: habit)
    }

    private var feelingQuestion: CoachLine {
        CoachLine(
            Phrase("coach.says.howFeeling"),
            options: [.feelingGreat, .feelingOkay, .feelingStruggling, .needHelp].map(Self.option))
    }

    private var fallback: CoachLine { CoachLine(Phrase("coach.says.fallback"), options: Self.menu) }

    static let menu: [CoachLine.Option] = [Payload.howAmIDoing, .checkIn, .program].map(option)

    static func option(_ payload: Payload) -> CoachLine.Option {
        CoachLine.Option(label: Phrase("coach.reply.\(payload.rawValue)"), payload: payload.rawValue)
    }
}
