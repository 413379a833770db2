import Foundation
import ThriveCore
import ThriveStore

/// Every person's day of prompts as one job (spec 000 F4.4): planned for the start of their day,
/// it works out when each trigger looks (smart timing), then wakes at each of those moments, asks
/// the trigger, and lets the notification rules decide; a prompt held by quiet hours waits in the
/// job for their end. One job per person and day keeps planning to one row per person, and what
/// the job has done is kept in its payload, so a restart or a second server neither repeats nor
/// skips a prompt.
struct DailyPrompts: JobPlanner, JobHandler {
    let store: Store
    let now: Now
    let ids: IDGenerator
    let triggers: [any DailyTrigger]
    let kind = "dailyPrompts"
    /// A prompt more than this late (the server was down) is not sent: "your check-in" at 3 p.m. is noise.
    static let staleAfter: TimeInterval = 3 * 3_600

    struct Payload: Codable {
        let day: LocalDate
        /// When each trigger still to look does (set on the first run).
        var due: [String: Date]?
        var finished: [String] = []
    }

    func upcoming(at time: Date, ids: IDGenerator) async throws -> [Job] {
        var clock = PlanningClock(at: time)
        var jobs: [Job] = []
        for (owner, zone) in try await store.read({ try await $0.peopleTimeZones() }) {
            for day in clock.days(in: zone) {
                jobs.append(
                    Job(
                        id: JobID(ids.uuid()), kind: kind, owner: owner, dueAt: clock.date(day, minute: 0, in: zone),
                        payload: #"{"day":"\#(day.iso8601)","finished":[]}"#,
                        idempotencyKey: "\(kind):\(owner):\(day.iso8601)"))
            }
        }
        return jobs
    }

    func run(_ job: Job) async throws -> JobOutcome {
        guard let owner = job.owner else { return .done }
        var payload = try JSONDecoder().decode(Payload.self, from: Data(job.payload.utf8))
        guard let person = try await person(owner, day: payload.day) else { return .done }
        if person.clock.day(of: person.now) > payload.day.adding(days: 1) { return .done }
        var due: [String: Date]
        if let known = payload.due { due = known } else { due = try await firstTimes(person) }
        for trigger in triggers where !payload.finished.contains(trigger.name) {
            guard let time = due[trigger.name], time <= person.now else { continue }
            if person.now.timeIntervalSince(time) > Self.staleAfter {
                payload.finished.append(trigger.name)
                continue
            }
            if let wait = try await look(trigger, person: person, time: time) {
                due[trigger.name] = wait
            } else {
                payload.finished.append(trigger.name)
            }
        }
        let next = triggers.filter { !payload.finished.contains($0.name) }.compactMap { due[$0.name] }.min()
        guard let next else { return .done }
        payload.due = due
        return .laterWith(next, payload: String(decoding: try JSONEncoder().encode(payload), as: UTF8.self))
    }

    private func person(_ owner: UserID, day: LocalDate) async throws -> TriggerPerson? {
        let time = now()
        return try await store.read { repositories in
            let records = repositories.records(of: owner)
            guard let profile = try await records.profile.get(), let account = try await repositories.accounts.find(id: owner)
            else { return nil }
            return TriggerPerson(
                owner: owner, day: day, zone: profile.timeZone, now: time,
                settings: try await records.documents.get(Settings.self) ?? Settings(),
                joined: LocalDate(account.createdAt, in: profile.timeZone),
                coaching: try await records.documents.get(CoachingStart.self))
        }
    }

    /// When each trigger looks today: the minute the person chose, else its own minute, else half an
    /// hour before the person's usual time for it, else its kind's default.
    private func firstTimes(_ person: TriggerPerson) async throws -> [String: Date] {
        var times: [String: Date] = [:]
        for trigger in triggers where try await trigger.looks(person) {
            if let chosen = trigger.chosenMinute(person) {
                times[trigger.name] = person.clock.date(person.day, minute: chosen)
                continue
            }
            let usual =
                trigger.fixedMinute == nil
                ? SmartTiming.usualMinute(of: try await trigger.usualTimes(person), zone: person.zone) : nil
            guard let minute = trigger.fixedMinute ?? usual.map({ max($0 - SmartTiming.lead, 0) }) ?? trigger.kind.defaultMinute
            else { continue }
            times[trigger.name] = person.clock.date(person.day, minute: minute)
        }
        return times
    }

    /// Asks one trigger and lets the rules decide; returns the time to look again when the rules
    /// say wait (quiet hours), nil when this trigger is finished for the day.
    private func look(_ trigger: any DailyTrigger, person: TriggerPerson, time: Date) async throws -> Date? {
        guard let message = try await trigger.message(person) else { return nil }
        let ids = self.ids
        return try await store.write { repositories -> Date? in
            let records = repositories.records(of: person.owner)
            let history = try await records.notifications.history(
                for: message.key, dayStart: person.day.start(in: person.zone))
            let decision = NotificationRules.decide(
                NotificationCandidate(kind: trigger.kind, key: message.key, fixedTime: time),
                settings: person.settings.notifications, history: history, now: person.now, zone: person.zone)
            switch decision.outcome {
            case .wait(let until): return until
            case .drop: return nil
            case .push, .inAppOnly:
                try await NotificationDispatch.post(
                    NotificationEntry(
                        id: NotificationID(ids.uuid()), kind: trigger.kind, key: message.key, title: message.title,
                        body: message.body, link: message.link, createdAt: person.now),
                    pushAt: NotificationDispatch.pushTime(decision.outcome, now: person.now), in: repositories,
                    owner: person.owner, ids: ids)
                return nil
            }
        }
    }
}
