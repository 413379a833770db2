import Foundation
import ThriveCore

/// Spec 002 screen 4's check-ins: on Sundays, a word from the coach about the week, for a person
/// who finished the coaching welcome with check-ins on.
struct CoachCheckInTrigger: DailyTrigger {
    let kind = NotificationKind.coachingCheckIn
    let name = "coachCheckIn"

    func message(_ person: TriggerPerson) async throws -> TriggerMessage? {
        guard person.day.weekday == 1, let coaching = person.coaching, coaching.isComplete,
            coaching.reminders?.checkIns != false
        else { return nil }
        return TriggerMessage(
            key: "coachCheckIn:\(person.day.iso8601)", title: Phrase("notification.coachingCheckIn.title"),
            body: Phrase("notification.coachingCheckIn.body"), link: "/coach")
    }
}
