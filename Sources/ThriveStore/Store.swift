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
        try await database.read { try await body(Repositories(sql: $0)) }
    }

    /// Runs `body` in one transaction: all of its writes land, or none.
    public func write<R: Sendable>(_ body: @escaping @Sendable (Repositories) async throws -> R) async throws -> R {
        try await database.write { try await body(Repositories(sql: $0)) }
    }

    public func close() async {
        await database.close()
    }
}

/// Repositories sharing one connection (and, inside ``Store/write(_:)``, one transaction).
public struct Repositories: Sendable {
    let sql: any SQLDatabase

    public var accounts: any AccountRepository { SQLAccountRepository(sql: sql) }
    public var sessions: any SessionRepository { SQLSessionRepository(sql: sql) }
    public var authTokens: any AuthTokenRepository { SQLAuthTokenRepository(sql: sql) }
    public var loginThrottle: any LoginThrottleRepository { SQLLoginThrottleRepository(sql: sql) }

    /// Everything `owner` has recorded, and nothing anyone else has.
    public func records(of owner: UserID) -> PersonalRecords {
        PersonalRecords(sql: sql, owner: owner)
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

    init(sql: any SQLDatabase, owner: UserID) {
        self.owner = owner
        profile = SQLProfileRepository(sql: sql, owner: owner)
        quantitySamples = SQLQuantitySampleRepository(records: RecordTable(sql: sql, owner: owner))
        categorySamples = SQLCategorySampleRepository(records: RecordTable(sql: sql, owner: owner))
        workouts = SQLWorkoutRepository(records: RecordTable(sql: sql, owner: owner))
        foodLog = SQLFoodLogRepository(records: RecordTable(sql: sql, owner: owner))
        moodCheckIns = SQLMoodCheckInRepository(records: RecordTable(sql: sql, owner: owner))
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

    /// Stores a bundle of records (demo data, imports) kind by kind, in batches.
    public func store(_ records: HealthRecords, at time: Date) async throws {
        try await quantitySamples.store(records.quantitySamples, at: time)
        try await categorySamples.store(records.categorySamples, at: time)
        try await workouts.store(records.workouts, at: time)
        try await foodLog.store(records.foodLog, at: time)
        try await moodCheckIns.store(records.moodCheckIns, at: time)
    }
}
