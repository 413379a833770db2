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

    public init(store: Store, now: Now = .system, ids: IDGenerator = .random, hasher: any PasswordHasher, logger: Logger) {
        self.store = store
        self.now = now
        self.ids = ids
        self.hasher = hasher
        self.logger = logger
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
    let renderer: PageRenderer
    let policy: SessionPolicy

    init(configuration: AppConfiguration, dependencies: AppDependencies, renderer: PageRenderer) {
        self.configuration = configuration
        store = dependencies.store
        now = dependencies.now
        ids = dependencies.ids
        self.renderer = renderer
        policy = SessionPolicy(idleTimeout: TimeInterval(configuration.sessionIdleMinutes * 60))
        accounts = AccountService(store: store, hasher: dependencies.hasher, now: now, ids: ids)
        sessions = SessionService(store: store, now: now, policy: policy)
        tokens = TokenService(store: store, now: now, ids: ids, policy: policy)
        engines = HealthEngineService(store: store, now: now, ids: ids)
        meals = MealLog(store: store, now: now, ids: ids)
        settings = SettingsService(store: store, now: now)
        dashboard = DashboardService(store: store, now: now, engines: engines, settings: settings)
        charts = ChartService(store: store)
        habits = HabitService(store: store, now: now, ids: ids)
        programs = ProgramService(store: store, now: now, ids: ids, library: .bundled)
        achievements = AchievementService(store: store, now: now)
    }
}
