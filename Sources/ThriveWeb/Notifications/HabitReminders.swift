import Foundation
import ThriveCore
import ThriveStore

/// Habit reminders (spec 002 screen 4, spec 000 F4.4): each active habit with a reminder time gets a
/// job at that time of the person's day, on the days it is due; when it runs, the notification rules
/// decide whether it is sent now, waits out quiet hours, stays in the app or is dropped. A habit done
/// or skipped already that day is not reminded.
struct HabitReminders: JobPlanner, JobHandler {
    let store: Store
    let now: Now
    let ids: IDGenerator
    let kind = "habitReminder"

    struct Payload: Codable {
        let habit: HabitID
        let day: LocalDate
    }

    /// The reminders of the next 24 hours, for everyone with one (one query for all); the runner
    /// plans every ten minutes, so each is planned a day ahead and none is missed.
    func upcoming(at time: Date, ids: IDGenerator) async throws -> [Job] {
        var jobs: [Job] = []
        var clock = PlanningClock(at: time)
        let horizon = time + 86_400
        for schedule in try await store.read({ try await $0.habitReminderSchedules() }) {
            for day in clock.days(in: schedule.timeZone) where schedule.calendar.isDue(on: day) {
                let due = clock.date(day, minute: schedule.minute, in: schedule.timeZone)
                guard due >= time, due < horizon else { continue }
                // The payload's two fields are a UUID and a date: no escaping needed, no encoder.
                jobs.append(
                    Job(
                        id: JobID(ids.uuid()), kind: kind, owner: schedule.owner, dueAt: due,
                        payload: #"{"habit":"\#(schedule.habit)","day":"\#(day.iso8601)"}"#,
                        idempotencyKey: "\(kind):\(schedule.habit):\(day.iso8601)"))
            }
        }
        return jobs
    }

    func run(_ job: Job) async throws -> JobOutcome {
        guard let owner = job.owner else { return .done }
        let payload = try JSONDecoder().decode(Payload.self, from: Data(job.payload.utf8))
        let time = now()
        let key = "habit:\(payload.habit):\(payload.day.iso8601)"
        let ids = self.ids
        return try await store.write { repositories in
            let records = repositories.records(of: owner)
            guard let tracked = try await records.habits.habit(payload.habit), tracked.habit.status == .active,
                tracked.habit.reminderMinutes != nil, let zone = try await records.profile.get()?.timeZone
            else { return .done }
            let settled = try await records.habits.checkIns([payload.habit], from: payload.day, through: payload.day)
                .contains { $0.state != .partial }
            guard !settled else { return .done }
            let clock = LocalClock(zone: zone)
            let settings = try await records.documents.get(Settings.self) ?? Settings()
            let history = try await records.notifications.history(
                for: key, dayStart: clock.date(clock.day(of: time), minute: 0))
            let decision = NotificationRules.decide(
                NotificationCandidate(kind: .habitReminder, key: key, fixedTime: job.dueAt),
                settings: settings.notifications, history: history, now: time, zone: zone)
            switch decision.outcome {
            case .wait(let until): return .later(until)
            case .drop: return .done
            case .push, .inAppOnly:
                try await NotificationDispatch.post(
                    NotificationEntry(
                        id: NotificationID(ids.uuid()), kind: .habitReminder, key: key,
                        title: Phrase("notification.habitReminder.title", ["name": .text(tracked.habit.name)]),
                        body: Phrase("notification.habitReminder.body"),
                        link: "\(HabitPagesController.base)#habit-\(payload.habit)", createdAt: time),
                    pushAt: NotificationDispatch.pushTime(decision.outcome, now: time), in: repositories, owner: owner,
                    ids: ids)
                return .done
            }
        }
    }
}
