import Foundation
import Testing
import ThriveCore

/// The coaching welcome's order and its answers' rules.
struct CoachingStartRuleTests {
    @Test func aReturningPersonPicksUpAtTheFirstUnansweredScreen() {
        var start = CoachingStart()
        #expect(start.current == .welcome)
        #expect(!start.canOpen(.goal))
        start.welcomed = true
        start.goal = .sleep
        #expect(start.current == .habits)
        #expect(start.canOpen(.welcome) && start.canOpen(.goal) && start.canOpen(.habits))
        #expect(!start.canOpen(.reminders) && !start.canOpen(.ready))
        start.approach = .startSmall
        #expect(start.current == .habits, "an approach without a habit is not an answer yet")
        start.habits = ["windDown"]
        start.reminders = CoachingStart.Reminders()
        #expect(start.current == .ready)
    }

    @Test(arguments: [
        (["screensOff"], CoachingStart.Approach.oneThing, nil as String?),
        (["screensOff", "windDown"], .oneThing, "invalid.coachStartOneHabit"),
        (["screensOff", "windDown", "breathe"], .startSmall, "invalid.coachStartUnknownHabit"),
        (["screensOff", "windDown", "sameWakeTime", "noLateCaffeine"], .bigChanges, "invalid.coachStartHabitCount"),
        ([], .startSmall, "invalid.coachStartHabitCount"),
        (["windDown", "windDown", "screensOff"], .startSmall, nil),
    ])
    func habitsPickedForAGoal(ids: [String], approach: CoachingStart.Approach, problem: String?) {
        do {
            let picked = try CoachingStart.picked(ids, goal: .sleep, approach: approach)
            #expect(problem == nil, "\(ids) should be refused")
            #expect(picked.count == Set(ids).count, "a habit picked twice counts once")
        } catch {
            #expect(error.phrase.key == problem)
        }
    }

    @Test func theSmallAndTheFullVersion() throws {
        let walk = try #require(SuggestedHabit.all(for: .exercise).first { $0.id == "walk" })
        #expect(walk.draft(name: "Walk", unit: nil, approach: .startSmall, reminder: "09:00").target == 10)
        #expect(walk.draft(name: "Walk", unit: nil, approach: .bigChanges, reminder: nil).target == 30)
        for goal in CoachingGoal.allCases {
            for suggestion in SuggestedHabit.all(for: goal) {
                let draft = suggestion.draft(name: "A habit", unit: "glasses", approach: .bigChanges, reminder: "07:30")
                #expect(throws: Never.self, "\(suggestion.id) is a valid habit") {
                    try draft.habit(
                        id: HabitID(UUID()), startedOn: LocalDate(year: 2026, month: 11, day: 23)!, at: Date())
                }
            }
        }
    }
}
