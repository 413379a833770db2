import AsyncHTTPClient
import Foundation
import Logging
import ThriveCore
import ThriveStore

/// Thrive's background work as one piece: the runner `thrive serve` starts, with every planner and
/// handler, and what `thrive jobs` does by hand.
public struct BackgroundJobs: Sendable {
    var runner: JobRunner

    public init(
        store: Store, now: Now = .system, ids: IDGenerator = .random, push: PushConfiguration = PushConfiguration(),
        leaseSeconds: Int = 120,
        files: PersonFiles = PersonFiles(
            imports: URL(fileURLWithPath: "data/imports"), exports: URL(fileURLWithPath: "data/exports")),
        devices: DeviceConfiguration = DeviceConfiguration(), dataDirectory: String = "data", linkBase: String? = nil,
        inactivityDeletion: Bool = false, aatThresholds: AATThresholds = AATThresholds(),
        airQuality: AirQualityConfiguration? = nil, logger: Logger
    ) {
        let engines = HealthEngineService(store: store, now: now, ids: ids, aatThresholds: aatThresholds)
        let reminders = HabitReminders(store: store, now: now, ids: ids)
        let safety = SafetyEvaluationJob(engines: engines)
        let channels = PushChannels(store: store, now: now, configuration: push)
        let delivery = PushDelivery(store: store, channels: channels)
        var tidy = DailyTidy(store: store, now: now)
        if inactivityDeletion {
            tidy.inactivity = InactivityCheck(
                store: store, now: now, ids: ids, email: channels.email, files: files, logger: logger)
        }
        let email = CriticalEmail(store: store, channels: channels)
        let accountMail = AccountMail(
            store: store, now: now, email: channels.email,
            publicURL: linkBase ?? push.publicURL ?? AppConfiguration().linkBase)
        // The folder is only read here: the size limit applies to uploads.
        let imports = DataImportJob(store: store, now: now, ids: ids, files: ImportFiles(folder: files.imports, limit: .max))
        let deletions = AccountDeletionJob(store: store, now: now, email: channels.email, files: files)
        let exports = DataExportJob(store: store, now: now, ids: ids, files: DataExportFiles(folder: files.exports))
        let deviceServices = DeviceServices(
            store: store, now: now, ids: ids, configuration: devices, dataDirectory: dataDirectory)
        let pulls = DevicePullJob(devices: deviceServices)
        let monthlyReports = MonthlyReportJob(
            store: store, now: now, ids: ids, reports: HealthReportService(store: store, engines: engines, now: now),
            schedules: ReportScheduleService(
                store: store, now: now,
                vault: { try TokenVault.load(configured: devices.key, file: deviceServices.keyFile) },
                files: ReportFiles(exports: files.exports)))
        let prompts = DailyPrompts(
            store: store, now: now, ids: ids,
            triggers: [
                RecoveryTrigger(engines: engines), CheckInTrigger(store: store),
                PlanReviewTrigger(store: store, engines: engines), InactivityNudgeTrigger(store: store),
                InsightTrigger(engines: engines), CoachCheckInTrigger(), WorkoutPromptTrigger(store: store),
                MealPromptTrigger(store: store), TestReminderTrigger(store: store),
                AirQualityTrigger(
                    store: store, provider: airQuality.map { OpenMeteoAirQuality(configuration: $0, client: .shared) }),
                PartnerWeekTrigger(
                    partners: PartnerService(
                        store: store, now: now, labs: LabService(store: store, now: now, ids: ids, engines: engines))),
            ])
        runner = JobRunner(
            store: store, now: now, ids: ids,
            handlers: [
                reminders, safety, tidy, delivery, prompts, email, accountMail, imports, pulls, deletions, exports,
                monthlyReports,
            ],
            planners: [reminders, tidy, prompts, monthlyReports], logger: logger)
        runner.lease = TimeInterval(leaseSeconds)
    }

    /// Plans what is coming: tomorrow's reminders and every person's day of prompts.
    public func plan() async throws { try await runner.plan() }

    /// Plans what is coming, then runs every job due now; returns how many ran.
    @discardableResult
    public func runDue() async throws -> Int {
        try await runner.plan()
        return try await runner.runDue()
    }

    /// Jobs due by `time` and not done, and those out of tries, for operators (kinds, times and
    /// tries; never a payload).
    public func overview(dueBy time: Date, limit: Int = 50) async throws -> (waiting: [Job], failed: [Job]) {
        try await runner.store.read {
            (try await $0.jobs.waiting(dueBy: time, limit: limit), try await $0.jobs.failed(limit: limit))
        }
    }
}
