import Foundation
import ThriveCore
import ThriveStore

extension ReportSchedule: PersonDocument {
    public static let documentKind = "report-schedule"
}

/// Where monthly reports wait for their download: a folder per person under the export folder,
/// emptied with the account.
struct ReportFiles: Sendable {
    let folder: URL

    init(exports: URL) {
        folder = exports.appendingPathComponent("reports", isDirectory: true)
    }

    func personFolder(_ owner: UserID) -> URL {
        folder.appendingPathComponent(owner.rawValue.uuidString.lowercased(), isDirectory: true)
    }

    func url(_ owner: UserID, _ period: ReportPeriod) -> URL {
        personFolder(owner).appendingPathComponent("\(period.first.iso8601)_\(period.last.iso8601)")
    }

    func removeAll(_ owner: UserID) {
        try? FileManager.default.removeItem(at: personFolder(owner))
    }
}

/// The monthly report's schedule: turned on with a password (sealed with the server's key, since
/// the job needs it every month), turned off (the password is forgotten at once), and the made
/// reports listed and downloaded.
struct ReportScheduleService: Sendable {
    let store: Store
    let now: Now
    let vault: @Sendable () throws -> TokenVault
    let files: ReportFiles

    static let purpose = "report password"

    func schedule(_ owner: UserID) async throws -> ReportSchedule {
        try await store.read { try await $0.records(of: owner).documents.get(ReportSchedule.self) } ?? ReportSchedule()
    }

    func panel(_ owner: UserID, zone: TimeZone) async throws -> ReportSchedulePanel {
        ReportSchedulePanel(try await schedule(owner), zone: zone)
    }

    func turnOn(_ owner: UserID, _ request: HealthReportRequest) async throws {
        let sealed = try vault().seal(Data(request.password.utf8), purpose: Self.purpose)
        var schedule = try await schedule(owner)
        let made = schedule.made
        schedule = ReportSchedule(
            sections: ReportSection.allCases.filter(request.sections.contains), includesCSV: request.includesCSV,
            sealedPassword: sealed, since: now())
        schedule.made = made
        try await save(schedule, owner)
    }

    func turnOff(_ owner: UserID) async throws {
        var schedule = try await schedule(owner)
        schedule.isOn = false
        schedule.sealedPassword = nil
        try await save(schedule, owner)
    }

    func password(_ schedule: ReportSchedule) throws -> String? {
        guard let sealed = schedule.sealedPassword, let data = try vault().open(sealed, purpose: Self.purpose) else {
            return nil
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// A made report's file and its name, or nil when there is none for that month.
    func file(_ owner: UserID, first: LocalDate) async throws -> (URL, ReportSchedule.Made)? {
        guard let made = try await schedule(owner).made.first(where: { $0.period.first == first }) else { return nil }
        let url = files.url(owner, made.period)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return (url, made)
    }

    private func save(_ schedule: ReportSchedule, _ owner: UserID) async throws {
        let time = now()
        try await store.write { try await $0.records(of: owner).documents.save(schedule, at: time) }
    }
}

/// The schedule as the report page shows it.
struct ReportSchedulePanel: Sendable {
    struct Item: Sendable {
        let period: String
        let made: String
        let size: String
        let href: String
    }

    let isOn: Bool
    let status: String
    let items: [Item]
    let hasItems: Bool

    init(_ schedule: ReportSchedule, zone: TimeZone) {
        isOn = schedule.isOn
        status =
            schedule.isOn
            ? t("report.schedule.on", ["csv": t(schedule.includesCSV ? "report.schedule.withCSV" : "report.schedule.pdfOnly")])
            : t("report.schedule.off")
        items = schedule.made.map { made in
            Item(
                period: made.period.words(in: zone),
                made: DisplayFormat.date(made.madeAt, in: zone), size: ImportFiles.size(made.bytes),
                href: "\(ReportSchedulePagesController.path)/\(made.period.first.iso8601)")
        }
        hasItems = !items.isEmpty
    }
}
