import Foundation
import SQLKit
import ThriveCore

/// Loads the USDA food table that ships with Thrive (`Resources/foods`) into the store, once: the
/// first server or CLI start on a new database does it, in one transaction, and later starts find
/// it there. Two processes starting together load it once (PostgreSQL: an advisory lock; SQLite:
/// the write lock).
public enum FoodCatalogLoader {
    /// Loads the catalog unless it is already there; returns how many foods it loaded (0 when none).
    @discardableResult
    public static func loadIfNeeded(_ store: Store) async throws -> Int {
        let loaded = try await loadFoodsIfNeeded(store)
        try await keepNamesInStep(store)
        return loaded
    }

    private static func loadFoodsIfNeeded(_ store: Store) async throws -> Int {
        if try await store.read({ try await $0.foods.count() }) > 0 { return 0 }
        let foods = try bundledFoods()
        return try await Migrator.retryingWhileLocked {
            try await store.write { repositories in
                if repositories.session.kind == .postgres {
                    try await repositories.sql.raw("SELECT pg_advisory_xact_lock(7420)").run()
                }
                guard try await repositories.foods.count() == 0 else { return 0 }
                try await repositories.foods.load(foods)
                return foods.count
            }
        }
    }

    /// Makes the stored everyday names those of the bundled `names.csv` (a new release may add some).
    /// They are a few hundred rows: compared whole at each start, rewritten only when they differ.
    static func keepNamesInStep(_ store: Store) async throws {
        let bundled = try bundledNames()
        guard try await store.read({ try await $0.foods.names() }) != Set(bundled) else { return }
        try await Migrator.retryingWhileLocked {
            try await store.write { repositories in
                if repositories.session.kind == .postgres {
                    try await repositories.sql.raw("SELECT pg_advisory_xact_lock(7421)").run()
                }
                guard try await repositories.foods.names() != Set(bundled) else { return }
                try await repositories.foods.replaceNames(with: bundled)
            }
        }
    }

    public static func bundledNames() throws -> [FoodName] {
        try FoodCatalogFile.names(try String(contentsOf: try folder().appendingPathComponent("names.csv"), encoding: .utf8))
    }

    private static func folder() throws -> URL {
        guard let folder = Bundle.module.url(forResource: "foods", withExtension: nil) else {
            throw StoreError.unavailable("The food table is missing from this build (Resources/foods).")
        }
        return folder
    }

    /// The foods of the bundled CSV files.
    public static func bundledFoods() throws -> [Food] {
        let folder = try folder()
        let foods = try String(contentsOf: folder.appendingPathComponent("foods.csv"), encoding: .utf8)
        let portions = try String(contentsOf: folder.appendingPathComponent("portions.csv"), encoding: .utf8)
        return try FoodCatalogFile.foods(foodsCSV: foods, portionsCSV: portions)
    }
}
