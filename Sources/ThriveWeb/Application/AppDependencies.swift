import AsyncHTTPClient
import Foundation
import Logging
import ThriveCore
import ThriveStore

/// What the application is built from. Production passes the live clock, random IDs and bcrypt;
/// tests pass a fixed clock, seeded IDs and a cheaper hash cost.
public struct AppDependencies: Sendable {
    public var store: Store
    public var now: Now
    public var ids: IDGenerator
    public var hasher: any PasswordHasher
    public var logger: Logger
    public var coachStream: CoachStreamTiming

    public init(
        store: Store, now: Now = .system, ids: IDGenerator = .random, hasher: any PasswordHasher, logger: Logger,
        coachStream: CoachStreamTiming = CoachStreamTiming()
    ) {
        self.store = store
        self.now = now
        self.ids = ids
        self.hasher = hasher
        self.logger = logger
        self.coachStream = coachStream
    }
}

/// How a coach chat's event stream paces itself: a keep-alive (and a look at the store for
/// messages another server process wrote) every `tick`, and an end after `lifetime`, after which
/// the browser reconnects on its own. Tests shorten both.
public struct CoachStreamTiming: Sendable {
    public var tick: Duration
    public var lifetime: Duration

    public init(tick: Duration = .seconds(15), lifetime: Duration = .seconds(300)) {
        self.tick = tick
        self.lifetime = lifetime
    }
}

/// The application's services, built once and shared by every controller.
struct AppServices: Sendable {
    let configuration: AppConfiguration
    let store: Store
    let now: Now
    let ids: IDGenerator
    let accounts: AccountService
    let sessions: SessionService
    let tokens: TokenService
    let engines: HealthEngineService
    let meals: MealLog
    let settings: SettingsService
    let dashboard: DashboardService
    let charts: ChartService
    let habits: HabitService
    let programs: ProgramService
    let achievements: AchievementService
    let coach: CoachService
    let coachingStart: CoachingStartService
    let content: ContentService
    let creators: CreatorService
    let creatorPrograms: CreatorWritingService<Program>
    let creatorPieces: CreatorWritingService<ContentEntry>
    let coachStream: CoachStreamTiming
    let renderer: PageRenderer
    let policy: SessionPolicy
    let push: PushChannels
    let devices: DeviceServices
    let twoFactor: TwoFactorService
    let passkeys: PasskeyService
    let socialSignIn: SocialSignInService
    let appLock: AppLockService
    let accountDeletion: AccountDeletionService
    let dataExports: DataExportService
    let healthReports: HealthReportService
    let reportSchedules: ReportScheduleService
    let labs: LabService
    let labShares: LabShareService
    let breathing: BreathingService
    let partners: PartnerService
    let family: FamilyShareService
    let counseling: CounselingService
    let airQuality: AirQualityService
    let testReminders: TestReminderService

    init(configuration: AppConfiguration, dependencies: AppDependencies, renderer: PageRenderer) {
        self.configuration = configuration
        store = dependencies.store
        now = dependencies.now
        ids = dependencies.ids
        self.renderer = renderer
        policy = SessionPolicy(idleTimeout: TimeInterval(configuration.sessionIdleMinutes * 60))
        accounts = AccountService(store: store, hasher: dependencies.hasher, now: now, ids: ids)
        sessions = SessionService(
            store: store, now: now, policy: policy, defaultLock: AppLock(idleMinutes: configuration.appLockMinutes))
        tokens = TokenService(store: store, now: now, ids: ids, policy: policy)
        engines = HealthEngineService(store: store, now: now, ids: ids, aatThresholds: configuration.aatThresholds)
        meals = MealLog(store: store, now: now, ids: ids)
        settings = SettingsService(store: store, now: now, hostedCoachAvailable: configuration.hostedCoach != nil)
        dashboard = DashboardService(store: store, now: now, engines: engines, settings: settings)
        charts = ChartService(store: store)
        habits = HabitService(store: store, now: now, ids: ids)
        programs = ProgramService(store: store, now: now, ids: ids, library: .bundled)
        achievements = AchievementService(store: store, now: now)
        coach = CoachService(
            store: store, now: now, ids: ids,
            hosted: configuration.hostedCoach.map { AnthropicCoachProvider(configuration: $0, client: .shared) },
            events: CoachEvents(), logger: dependencies.logger)
        coachStream = dependencies.coachStream
        coachingStart = CoachingStartService(store: store, now: now, ids: ids)
        content = ContentService(store: store, now: now)
        creators = CreatorService(store: store, now: now, ids: ids)
        creatorPrograms = CreatorWritingService(store: store, now: now)
        creatorPieces = CreatorWritingService(store: store, now: now)
        push = PushChannels(store: store, now: now, configuration: configuration.push)
        let devices = DeviceServices(
            store: store, now: now, ids: ids, configuration: configuration.devices, dataDirectory: configuration.dataDirectory)
        self.devices = devices
        let vault: @Sendable () throws -> TokenVault = {
            do { return try TokenVault.load(configured: configuration.devices.key, file: devices.keyFile) } catch {
                throw AppError(status: .serviceUnavailable, code: "two_factor_unavailable", message: t("twoFactor.noKey"))
            }
        }
        twoFactor = TwoFactorService(store: store, now: now, vault: vault)
        passkeys = PasskeyService(store: store, now: now, vault: vault)
        socialSignIn = SocialSignInService(
            store: store, now: now, accounts: accounts, configuration: configuration.socialSignIn, vault: vault)
        appLock = AppLockService(
            accounts: accounts, passkeys: passkeys, defaultLock: sessions.defaultLock,
            offeredProviders: configuration.socialSignIn.offered)
        accountDeletion = AccountDeletionService(accounts: accounts, ids: ids, files: PersonFiles(configuration))
        dataExports = DataExportService(
            store: store, now: now, ids: ids, files: DataExportFiles(folder: configuration.exportFolder))
        healthReports = HealthReportService(store: store, engines: engines, now: now)
        labs = LabService(store: store, now: now, ids: ids, engines: engines)
        labShares = LabShareService(store: store, now: now, ids: ids, labs: labs)
        breathing = BreathingService(store: store, now: now, ids: ids)
        partners = PartnerService(store: store, now: now, labs: labs)
        family = FamilyShareService(store: store, now: now, ids: ids, labs: labs)
        counseling = CounselingService(store: store, now: now, ids: ids, labs: labs)
        testReminders = TestReminderService(store: store, now: now)
        airQuality = AirQualityService(store: store, now: now, configured: configuration.airQuality != nil)
        reportSchedules = ReportScheduleService(
            store: store, now: now, vault: vault, files: ReportFiles(exports: configuration.exportFolder))
    }
}
