import Foundation
import Logging
import SQLKit
import ThriveCore

/// The front door to persistence: repositories bound to a connection, for a read or for one
/// transaction. Personal data is reached only through ``Repositories/records(of:)``, whose
/// repositories are confined to one owner.
public struct Store: Sendable {
    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Opens the database and brings its schema up to date.
    public static func open(_ location: DatabaseLocation, logger: Logger, migrate: Bool = true) async throws -> Store {
        let database = try await Database.open(location, logger: logger)
        if migrate {
            do {
                try await Migrator().migrate(database)
            } catch {
                await database.close()
                throw error
            }
        }
        return Store(database: database)
    }

    public var kind: DatabaseKind { database.kind }

    public func read<R: Sendable>(_ body: @escaping @Sendable (Repositories) async throws -> R) async throws -> R {
        try await database.readSession { try await body(Repositories(session: $0)) }
    }

    /// Runs `body` in one transaction: all of its writes land, or none.
    public func write<R: Sendable>(_ body: @escaping @Sendable (Repositories) async throws -> R) async throws -> R {
        try await database.writeSession { try await body(Repositories(session: $0)) }
    }

    public func close() async {
        await database.close()
    }
}

/// Repositories sharing one connection (and, inside ``Store/write(_:)``, one transaction).
public struct Repositories: Sendable {
    let session: DatabaseSession
    var sql: any SQLDatabase { session.sql }

    public var accounts: any AccountRepository { SQLAccountRepository(sql: sql) }
    public var sessions: any SessionRepository { SQLSessionRepository(sql: sql) }
    public var authTokens: any AuthTokenRepository { SQLAuthTokenRepository(sql: sql) }
    public var loginThrottle: any LoginThrottleRepository { SQLLoginThrottleRepository(session: session) }
    public var knownDevices: any KnownDeviceRepository { SQLKnownDeviceRepository(sql: sql) }
    public var accountLinks: any AccountLinkRepository { SQLAccountLinkRepository(sql: sql) }
    public var secondFactors: any SecondFactorRepository { SQLSecondFactorRepository(sql: sql) }
    public var passkeys: any PasskeyRepository { SQLPasskeyRepository(sql: sql) }
    public var accountIdentities: any AccountIdentityRepository { SQLAccountIdentityRepository(sql: sql) }
    public var appLocks: any AppLockRepository { SQLAppLockRepository(sql: sql) }
    public var accountDeletions: any AccountDeletionRepository { SQLAccountDeletionRepository(sql: sql) }
    public var inactivity: any InactivityRepository { SQLInactivityRepository(sql: sql) }
    /// Background work for the job runner (not anyone's personal data: kinds, times and ids).
    public var jobs: any JobQueue { SQLJobQueue(session: session) }
    /// Roles and who coaches whom.
    public var creators: any CreatorRepository { SQLCreatorRepository(sql: sql) }
    /// Test kits as the lab sees them: issued, moved along, resulted.
    public var testKits: any TestKitRepository { SQLTestKitRepository(sql: sql) }
    /// Across the people a lab's batch of results reaches.
    public var labBatches: any LabBatchRepository { SQLLabBatchRepository(sql: sql) }
    /// Family members who see each other's lab results.
    public var familyShares: any FamilyShareRepository { SQLFamilyShareRepository(sql: sql) }
    /// Who counsels whom, and each person's conversation with their counselor.
    public var counseling: any CounselingRepository { SQLCounselingRepository(sql: sql) }
    /// A partner's program, in counts only.
    public var partners: any PartnerRepository { SQLPartnerRepository(sql: sql) }
    /// Shared links to lab results, as whoever holds one opens it.
    public var labShareLinks: any LabShareLinkRepository { SQLLabShareLinkRepository(sql: sql) }
    /// The shared food catalog (not anyone's personal data).
    public var foods: any FoodCatalogRepository { SQLFoodCatalogRepository(session: session) }

    /// Runs `body` inside a savepoint of the current transaction: if it throws, what it wrote is
    /// undone and the transaction goes on. A clash with an existing row's key (an ID already taken)
    /// comes out as ``StoreError/conflict(_:)`` naming `field`.
    public func atomically<R: Sendable>(field: String, _ body: () async throws -> R) async throws -> R {
        try await sql.raw("SAVEPOINT atomically").run()
        do {
            let result = try await body()
            try await sql.raw("RELEASE SAVEPOINT atomically").run()
            return result
        } catch {
            try await sql.raw("ROLLBACK TO SAVEPOINT atomically").run()
            try await sql.raw("RELEASE SAVEPOINT atomically").run()
            if isUniqueViolation(error) { throw StoreError.conflict(field) }
            throw error
        }
    }

    /// Everything `owner` has recorded, and nothing anyone else has.
    public func records(of owner: UserID) -> PersonalRecords {
        PersonalRecords(session: session, owner: owner)
    }
}

/// One person's repositories. Each filters every statement by ``owner``.
public struct PersonalRecords: Sendable {
    public let owner: UserID
    public let profile: any ProfileRepository
    public let quantitySamples: any QuantitySampleRepository
    public let categorySamples: any CategorySampleRepository
    public let workouts: any WorkoutRepository
    public let foodLog: any FoodLogRepository
    public let moodCheckIns: any MoodCheckInRepository
    public let journal: any JournalRepository
    public let documents: any PersonDocumentRepository
    public let alerts: any SafetyAlertRepository
    public let daily: any DailyMetricsRepository
    /// What changed and when, for sync; every write above logs itself here.
    public let changes: any ChangeLogRepository
    public let syncReceipts: any SyncReceiptRepository
    public let conflictHistory: any ConflictHistoryRepository
    public let habits: any HabitRepository
    public let achievements: any AchievementRepository
    public let creatorBadges: any CreatorBadgeAwardRepository
    public let coach: any CoachRepository
    public let notifications: any NotificationRepository
    public let pushDevices: any PushDeviceRepository
    public let imports: any DataImportRepository
    public let devices: any DeviceConnectionRepository
    public let exports: any DataExportRepository
    /// Test kits the person registered and their lab results.
    public let labs: any LabResultRepository
    /// Links the person gave to read their lab results.
    public let labShares: any LabShareRepository
    /// Breathing symptoms, logged between tests.
    public let breathing: any BreathingLogRepository
    /// Every row of the person's own tables, for the copy an export writes.
    public let copy: any PersonalCopyRepository
    /// A person's export written back, for an import into a new account.
    public let restore: any PersonalRestoreRepository

    private let session: DatabaseSession

    init(session: DatabaseSession, owner: UserID) {
        self.owner = owner
        self.session = session
        profile = SQLProfileRepository(session: session, owner: owner)
        quantitySamples = SQLQuantitySampleRepository(records: RecordTable(session: session, owner: owner))
        categorySamples = SQLCategorySampleRepository(records: RecordTable(session: session, owner: owner))
        workouts = SQLWorkoutRepository(records: RecordTable(session: session, owner: owner))
        foodLog = SQLFoodLogRepository(records: RecordTable(session: session, owner: owner))
        moodCheckIns = SQLMoodCheckInRepository(records: RecordTable(session: session, owner: owner))
        journal = SQLJournalRepository(records: RecordTable(session: session, owner: owner))
        documents = SQLPersonDocumentRepository(session: session, owner: owner)
        alerts = SQLSafetyAlertRepository(sql: session.sql, owner: owner)
        daily = SQLDailyMetricsRepository(session: session, owner: owner)
        changes = SQLChangeLogRepository(session: session, owner: owner)
        syncReceipts = SQLSyncReceiptRepository(sql: session.sql, owner: owner)
        conflictHistory = SQLConflictHistoryRepository(sql: session.sql, owner: owner)
        habits = SQLHabitRepository(session: session, owner: owner)
        achievements = SQLAchievementRepository(sql: session.sql, owner: owner)
        creatorBadges = SQLCreatorBadgeAwardRepository(sql: session.sql, owner: owner)
        coach = SQLCoachRepository(session: session, owner: owner)
        notifications = SQLNotificationRepository(sql: session.sql, owner: owner)
        pushDevices = SQLPushDeviceRepository(sql: session.sql, owner: owner)
        imports = SQLDataImportRepository(sql: session.sql, owner: owner)
        devices = SQLDeviceConnectionRepository(sql: session.sql, owner: owner)
        exports = SQLDataExportRepository(sql: session.sql, owner: owner)
        labs = SQLLabResultRepository(sql: session.sql, owner: owner)
        labShares = SQLLabShareRepository(sql: session.sql, owner: owner)
        breathing = SQLBreathingLogRepository(sql: session.sql, owner: owner)
        copy = SQLPersonalCopyRepository(session: session, owner: owner)
        restore = SQLPersonalRestoreRepository(session: session, owner: owner)
    }

    /// The person's time zone (UTC until they set one): where their days and years begin.
    public func timeZone() async throws -> TimeZone {
        try await profile.get()?.timeZone ?? .gmt
    }

    /// How many samples and workouts the person holds: an import's count before and after is what
    /// it added.
    public func sampleCount() async throws -> Int {
        try await quantitySamples.spans().values.reduce(0) { $0 + $1.count }
            + categorySamples.spans().values.reduce(0) { $0 + $1.count } + workouts.span().count
    }

    /// Counts and time spans of every kind of record the person holds.
    public func summary() async throws -> HealthDataSummary {
        var spans: [RecordKind: RecordSpan] = [:]
        for (type, span) in try await quantitySamples.spans() { spans[.quantity(type)] = span }
        for (type, span) in try await categorySamples.spans() { spans[.category(type)] = span }
        spans[.workout] = try await workouts.span()
        spans[.food] = try await foodLog.span()
        spans[.moodCheckIn] = try await moodCheckIns.span()
        return HealthDataSummary(spans: spans)
    }

    /// Deletes the health records (samples, workouts with their sets, meals, mood check-ins, journal
    /// entries) that happened before `cutoff`, as the person's retention setting asks; each is
    /// logged as deleted so that synced devices drop it too. Returns how many went.
    public func deleteRecords(before cutoff: Date) async throws -> Int {
        var deleted = try await RecordTable<QuantitySample>(session: session, owner: owner).delete(before: cutoff)
        deleted += try await RecordTable<CategorySample>(session: session, owner: owner).delete(before: cutoff)
        deleted += try await RecordTable<Workout>(session: session, owner: owner).delete(before: cutoff)
        deleted += try await RecordTable<FoodLogEntry>(session: session, owner: owner).delete(before: cutoff)
        deleted += try await RecordTable<MoodCheckIn>(session: session, owner: owner).delete(before: cutoff)
        deleted += try await RecordTable<JournalEntry>(session: session, owner: owner).delete(before: cutoff)
        return deleted
    }

    /// Stores a bundle of records (demo data, imports) kind by kind, in batches.
    public func store(_ records: HealthRecords) async throws {
        try await quantitySamples.store(records.quantitySamples)
        try await categorySamples.store(records.categorySamples)
        try await workouts.store(records.workouts)
        try await foodLog.store(records.foodLog)
        try await moodCheckIns.store(records.moodCheckIns)
    }
}
