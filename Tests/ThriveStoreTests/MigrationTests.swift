import Foundation
import Testing
import ThriveCore
import ThriveStore

@Suite("Migrations")
struct MigrationTests {
    @Test(arguments: TestStores.kinds)
    func aFreshDatabaseReachesTheLatestSchemaAndASecondRunChangesNothing(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store async throws in
            let migrator = Migrator()
            #expect(try await migrator.appliedVersions(store.database) == Array(1...migrator.latestVersion))
            #expect(try await migrator.migrate(store.database).isEmpty)
        }
    }

    @Test(arguments: TestStores.kinds)
    func serversStartingTogetherMigrateOnce(kind: DatabaseKind) async throws {
        let (location, cleanup) = try await TestStores.makeLocation(kind)
        let first = try await Database.open(location, logger: TestStores.logger)
        let second = try await Database.open(location, logger: TestStores.logger)
        do {
            async let a = Migrator().migrate(first)
            async let b = Migrator().migrate(second)
            let applied = try await a + b
            let all = Array(1...Migrator().latestVersion)
            #expect(applied.sorted() == all, "each migration applied by exactly one of the two")
            #expect(try await Migrator().appliedVersions(first) == all)
        } catch {
            Issue.record(error)
        }
        await first.close()
        await second.close()
        try await cleanup()
    }

    @Test func aNewSQLiteFileHasLargePagesAndReopensAsItIs() async throws {
        let (location, cleanup) = try await TestStores.makeLocation(.sqlite)
        for _ in 1...2 {
            let database = try await Database.open(location, logger: TestStores.logger)
            let pageSize = try await database.read {
                try await $0.raw("PRAGMA page_size").first()?.decode(column: "page_size", as: Int.self)
            }
            let mode = try await database.read {
                try await $0.raw("PRAGMA journal_mode").first()?.decode(column: "journal_mode", as: String.self)
            }
            await database.close()
            #expect(pageSize == 16_384)
            #expect(mode == "wal")
        }
        try await cleanup()
    }
}
