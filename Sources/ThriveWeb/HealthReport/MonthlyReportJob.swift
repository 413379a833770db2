import Foundation
import ThriveCore
import ThriveStore

/// Makes each scheduled person's monthly report on the first of the month, from 06:00 in their
/// time zone (or as soon as the server is back, if it was off): the month before, every section,
/// protected with their password, kept with the last twelve, and announced in the notification
/// center. Nothing is sent anywhere: the report waits on the person's server for them.
struct MonthlyReportJob: JobPlanner, JobHandler {
    let store: Store
    let now: Now
    let ids: IDGenerator
    let reports: HealthReportService
    let schedules: ReportScheduleService

    static let kind = "monthlyReport"
    var kind: String { Self.kind }
    /// An error here is the server's (a full disk, a lost key): two more tries, then the person is told.
    var maximumAttempts: Int { 3 }
    static let hour = 6

    struct Payload: Codable {
        let first: LocalDate
        let last: LocalDate
    }

    func upcoming(at time: Date, ids: IDGenerator) async throws -> [Job] {
        let due = try await store.read { repositories in
            var due: [(UserID, ReportPeriod, TimeZone)] = []
            for owner in try await repositories.owners(of: ReportSchedule.self) {
                let records = repositories.records(of: owner)
                guard let schedule = try await records.documents.get(ReportSchedule.self) else { continue }
                let zone = try await records.timeZone()
                if let period = schedule.due(today: LocalDate(time, in: zone), zone: zone) { due.append((owner, period, zone)) }
            }
            return due
        }
        return due.map { owner, period, zone in
            let morning = LocalClock(zone: zone).date(period.last.adding(days: 1), minute: Self.hour * 60)
            return Job(
                id: JobID(ids.uuid()), kind: kind, owner: owner, dueAt: max(morning, time),
                payload: #"{"first":"\#(period.first.iso8601)","last":"\#(period.last.iso8601)"}"#,
                idempotencyKey: "\(kind):\(owner):\(period.first.iso8601)")
        }
    }

    func run(_ job: Job) async throws -> JobOutcome {
        guard let owner = job.owner, let payload = try? JSONDecoder().decode(Payload.self, from: Data(job.payload.utf8))
        else { return .done }
        let period = ReportPeriod(first: payload.first, last: payload.last)
        var schedule = try await schedules.schedule(owner)
        guard schedule.isOn, !schedule.made.contains(where: { $0.period == period }) else { return .done }
        let language = try await store.read { try await $0.records(of: owner).documents.get(Settings.self) }?.display.language
        do {
            guard let password = try schedules.password(schedule) else { throw ReportScheduleError.passwordUnreadable }
            let request = HealthReportRequest(
                period: period, sections: Set(schedule.sections), password: password, includesCSV: schedule.includesCSV)
            let file = try await Localizer.$current.withValue(Localizer(language ?? .en)) {
                try await reports.make(owner, request)
            }
            let url = schedules.files.url(owner, period)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.bytes).write(to: url, options: .atomic)
            let made = ReportSchedule.Made(
                period: period, fileName: file.name, contentType: file.contentType, bytes: file.bytes.count, madeAt: now())
            for dropped in schedule.add(made) {
                try? FileManager.default.removeItem(at: schedules.files.url(owner, dropped.period))
            }
            try await finish(schedule, owner: owner, period: period, ready: true)
        } catch {
            if job.attempts < maximumAttempts { throw error }
            // The password can no longer be opened (the server's key changed): the person sets it again.
            schedule.isOn = false
            schedule.sealedPassword = nil
            try await finish(schedule, owner: owner, period: period, ready: false)
        }
        return .done
    }

    /// Saves the schedule and tells the person, in one transaction.
    private func finish(_ schedule: ReportSchedule, owner: UserID, period: ReportPeriod, ready: Bool) async throws {
        let time = now()
        let entry = NotificationEntry(
            id: NotificationID(ids.uuid()), kind: .dataExport, key: "report:\(period.first.iso8601)",
            title: Phrase(ready ? "notification.report.ready.title" : "notification.report.failed.title"),
            body: ready
                ? Phrase("notification.report.ready.body", ["first": .date(period.first), "last": .date(period.last)])
                : Phrase("notification.report.failed.body"),
            link: "\(HealthReportPagesController.path)#monthly-title", createdAt: time)
        let ids = self.ids
        try await store.write { repositories in
            try await repositories.records(of: owner).documents.save(schedule, at: time)
            try await NotificationDispatch.post(entry, pushAt: nil, in: repositories, owner: owner, ids: ids)
        }
    }
}

enum ReportScheduleError: Error {
    case passwordUnreadable
}
