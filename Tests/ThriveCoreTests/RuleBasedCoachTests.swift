import Foundation
import Testing
import ThriveCore

/// The on-device coach's rules: what a message is about (safety first, in five languages), and
/// what it answers from the person's habits, streaks, program and tone.
struct RuleBasedCoachTests {
    @Test(arguments: [
        ("I have chest pain", CoachTopic.urgent),
        ("sometimes I think about suicide", .urgent),
        ("me duele, tengo dolor en el pecho", .urgent),
        ("Ich habe Brustschmerzen", .urgent),
        ("Je ne peux pas respirer", .urgent),
        ("estou com dor no peito", .urgent),
        ("What dose of ibuprofen should I take?", .medical),
        ("¿Qué medicamento tomo?", .medical),
        ("Welches Medikament hilft?", .medical),
        ("Did I finish my habits?", .checkIn),
        ("How am I doing?", .progress),
        ("¿Cómo voy con mi racha?", .progress),
        ("Wie ist mein Fortschritt?", .progress),
        ("What's today's lesson?", .program),
        ("I'm so tired and stressed", .struggling),
        ("c'est difficile", .struggling),
        ("Thanks!", .thanks),
        ("obrigada", .thanks),
        ("Hello", .greeting),
        ("Bonjour", .greeting),
        ("feeling great", .feelingGood),
        ("my new pillow is lovely", .other),
        ("history of the hip", .other),
    ])
    func topics(text: String, topic: CoachTopic) {
        #expect(CoachTopic(text) == topic, "\(text)")
    }

    /// An emergency outranks everything else said with it.
    @Test func safetyComesFirst() {
        #expect(CoachTopic("thanks, but I have chest pain and how am I doing") == .urgent)
        #expect(CoachTopic("thanks, what dose is right?") == .medical)
        let lines = RuleBasedCoach().reply(to: .text("I took an overdose"), facts: Self.facts)
        #expect(lines.map(\.phrase.key) == ["coach.says.urgent"])
        #expect(lines.allSatisfy { $0.options.isEmpty && $0.habitCheck == nil }, "no cheerful buttons under it")
    }

    static let walk = CoachFacts.HabitFact(
        id: HabitID(UUID()), name: "Morning walk", outcome: .pending, streak: 4, bestStreak: 9, missedYesterday: false)
    static let water = CoachFacts.HabitFact(
        id: HabitID(UUID()), name: "Water", outcome: .done, streak: 0, bestStreak: 2, missedYesterday: true)
    static let facts = CoachFacts(
        name: "Alex", tone: .supportive, habits: [walk, water],
        programs: [.init(title: "Sleep reset", day: 3, length: 14, lessonTitle: "Light in the morning", lessonDone: false)],
        dayPart: .morning)

    @Test func theFirstOpeningWelcomesThenSaysWhereTheDayStandsAndAsks() {
        let lines = RuleBasedCoach().reply(to: .opening(firstEver: true), facts: Self.facts)
        #expect(
            lines.map(\.phrase.key) == [
                "coach.says.welcome", "coach.says.twoParts", "coach.says.missed", "coach.says.twoParts", "coach.says.didYou",
            ])
        #expect(lines[1].phrase.values["first"] == .phrase(Phrase("coach.says.hello.morningNamed", ["name": .text("Alex")])))
        #expect(
            lines[1].phrase.values["second"] == .phrase(Phrase("coach.says.today", ["done": .integer(1), "count": .integer(2)])))
        #expect(lines[2].phrase.values["habit"] == .text("Water"))
        #expect(lines.last?.habitCheck == Self.walk)
        let later = RuleBasedCoach().reply(to: .opening(firstEver: false), facts: Self.facts)
        #expect(later.first?.phrase.key == "coach.says.twoParts", "the welcome is said once")
    }

    @Test func aDayWithNothingOpenAsksHowThePersonFeels() {
        var facts = Self.facts
        facts.habits = [Self.water]
        facts.programs = []
        facts.name = nil
        let lines = RuleBasedCoach().reply(to: .opening(firstEver: false), facts: facts)
        #expect(lines.first?.phrase.values["first"] == .phrase(Phrase("coach.says.hello.morning")))
        #expect(lines.first?.phrase.values["second"] == .phrase(Phrase("coach.says.allDone")))
        #expect(lines.last?.phrase.key == "coach.says.howFeeling")
        #expect(lines.last?.options.map(\.payload) == ["feeling_great", "feeling_okay", "feeling_struggling", "need_help"])
    }

    @Test(arguments: CoachingTone.allCases)
    func theToneChoosesTheWords(tone: CoachingTone) {
        var facts = Self.facts
        facts.tone = tone
        let notYet = RuleBasedCoach().reply(to: .habitAnswer(Self.walk, .notYet), facts: facts)
        #expect(notYet.first?.phrase.key == "coach.says.notYet.\(tone.rawValue)")
        let struggling = RuleBasedCoach().reply(to: .quickReply("feeling_struggling"), facts: facts)
        #expect(struggling.map(\.phrase.key) == ["coach.says.struggling.\(tone.rawValue)", "coach.says.smallStep"])
    }

    @Test func doneSaysTheRunAndAsksAboutTheNextOpenHabit() {
        let read = CoachFacts.HabitFact(
            id: HabitID(UUID()), name: "Read", outcome: .pending, streak: 0, bestStreak: 0, missedYesterday: false)
        var facts = Self.facts
        var walked = Self.walk
        walked = .init(id: walked.id, name: walked.name, outcome: .done, streak: 5, bestStreak: 9, missedYesterday: false)
        facts.habits = [walked, read]
        let lines = RuleBasedCoach().reply(to: .habitAnswer(walked, .done), facts: facts)
        #expect(lines.count == 2)
        #expect(lines[0].phrase.values["second"] == .phrase(Phrase("coach.says.runNow", ["count": .integer(5)])))
        #expect(lines[1].habitCheck?.name == "Read")
        let first = CoachFacts.HabitFact(
            id: read.id, name: "Read", outcome: .done, streak: 1, bestStreak: 1, missedYesterday: false)
        facts.habits = [walked, first]
        let done = RuleBasedCoach().reply(to: .habitAnswer(first, .done), facts: facts)
        #expect(done[0].phrase.key == "coach.says.done.supportive", "a first day is not a run yet")
        #expect(done[1].phrase.key == "coach.says.allDone")
    }

    /// The focus the person chose adds today's figure of that pillar to the opening and to "how am
    /// I doing"; a balanced focus adds nothing.
    @Test(arguments: [
        (CoachFacts.FocusToday.fitness(steps: 4_210), Phrase("coach.says.focus.fitness", ["count": .integer(4_210)])),
        (.fitness(steps: nil), Phrase("coach.says.focus.fitnessNone")),
        (.nutrition(meals: 2), Phrase("coach.says.focus.nutrition", ["count": .integer(2)])),
        (.nutrition(meals: 0), Phrase("coach.says.focus.nutritionNone")),
        (.wellbeing(checkedIn: true), Phrase("coach.says.focus.wellbeing")),
        (.wellbeing(checkedIn: false), Phrase("coach.says.focus.wellbeingNone")),
    ])
    func theFocusSaysWhereItsPillarStands(focus: CoachFacts.FocusToday, said: Phrase) {
        var facts = Self.facts
        facts.focus = focus
        let opening = RuleBasedCoach().reply(to: .opening(firstEver: false), facts: facts)
        #expect(opening[1].phrase == said, "right after the greeting")
        let progress = RuleBasedCoach().reply(to: .quickReply("how_am_i_doing"), facts: facts)
        #expect(progress[1].phrase == said)
        facts.focus = nil
        #expect(!RuleBasedCoach().reply(to: .opening(firstEver: false), facts: facts).contains { $0.phrase == said })
    }

    /// At a milestone (7 days, not 6 or 8) the difficulty speaks: a step up, staying steady, or
    /// nothing more; when struggling, a smaller version, the usual small step, or doing it now.
    @Test(arguments: [
        (GoalDifficulty.aggressive, 7, String?("coach.says.stepUp"), "coach.says.doItNow"),
        (.aggressive, 6, nil, "coach.says.doItNow"),
        (.aggressive, 8, nil, "coach.says.doItNow"),
        (.conservative, 14, "coach.says.keepSteady", "coach.says.smallerStep"),
        (.conservative, 13, nil, "coach.says.smallerStep"),
        (.moderate, 30, nil, "coach.says.smallStep"),
    ])
    func theDifficultyPushesOrHoldsSteady(difficulty: GoalDifficulty, streak: Int, push: String?, step: String) {
        var facts = Self.facts
        facts.difficulty = difficulty
        let read = CoachFacts.HabitFact(
            id: HabitID(UUID()), name: "Read", outcome: .done, streak: streak, bestStreak: streak, missedYesterday: false)
        facts.habits = [read, Self.walk]
        let lines = RuleBasedCoach().reply(to: .habitAnswer(read, .done), facts: facts)
        if let push {
            #expect(lines.map(\.phrase.key) == ["coach.says.twoParts", push, "coach.says.didYou"])
            #expect(lines[1].phrase.values == ["habit": .text("Read"), "count": .integer(streak)])
        } else {
            #expect(lines.map(\.phrase.key) == ["coach.says.twoParts", "coach.says.didYou"])
        }
        let struggling = RuleBasedCoach().reply(to: .quickReply("feeling_struggling"), facts: facts)
        #expect(struggling.last?.phrase == Phrase(step, ["habit": .text("Morning walk")]))
    }

    @Test func progressNamesTheLongestRunAndWhatSlipped() {
        let lines = RuleBasedCoach().reply(to: .quickReply("how_am_i_doing"), facts: Self.facts)
        #expect(lines.map(\.phrase.key) == ["coach.says.today", "coach.says.longestRun", "coach.says.missed"])
        #expect(lines[1].phrase.values == ["habit": .text("Morning walk"), "count": .integer(4)])
        #expect(lines.last?.options.map(\.payload) == ["check_in"])
    }

    @Test func programsImagesAndTheUnknown() {
        let program = RuleBasedCoach().reply(to: .quickReply("program"), facts: Self.facts)
        #expect(
            program.first?.phrase.values["second"]
                == .phrase(Phrase("coach.says.lesson", ["lesson": .text("Light in the morning")])))
        #expect(RuleBasedCoach().reply(to: .text("program?"), facts: CoachFacts()).first?.phrase.key == "coach.says.noProgram")
        #expect(RuleBasedCoach().reply(to: .image, facts: Self.facts).first?.phrase.key == "coach.says.image")
        #expect(
            RuleBasedCoach().reply(to: .quickReply("launch_rockets"), facts: Self.facts).first?.phrase.key
                == "coach.says.fallback")
        #expect(RuleBasedCoach().reply(to: .text("blue sky"), facts: CoachFacts()).first?.phrase.key == "coach.says.fallback")
    }

    @Test func draftsAreTrimmedAndBoundedAndNeverEmpty() throws {
        #expect(try CoachMessageDraft(text: "  hi  ").validated().text == "hi")
        #expect(throws: ValidationError.self) { try CoachMessageDraft(text: " \n ").validated() }
        #expect(throws: ValidationError.self) { try CoachMessageDraft(text: String(repeating: "x", count: 2_001)).validated() }
        #expect(throws: ValidationError.self) { try CoachMessageDraft(text: "hi", payload: "a b").validated() }
        #expect(try CoachMessageDraft(attachmentId: CoachAttachmentID(UUID())).validated().text == "")
    }

    @Test(arguments: [
        ([0xFF, 0xD8, 0xFF, 0xE0], ImageMediaType.jpeg),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .png),
        (Array("GIF89a".utf8), .gif),
        (Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8), .webp),
    ])
    func imagesAreKnownByTheirBytes(head: [UInt8], type: ImageMediaType) {
        #expect(ImageMediaType(sniffing: Data(head)) == type)
    }

    @Test func otherFilesAreNotImages() {
        #expect(ImageMediaType(sniffing: Data("%PDF-1.7".utf8)) == nil)
        #expect(ImageMediaType(sniffing: Data(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVE".utf8))) == nil)
        #expect(ImageMediaType(sniffing: Data()) == nil)
    }
}
