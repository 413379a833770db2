import ArgumentParser
import ThriveStore

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Bring the database schema up to date (the server also does this on start).")

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let configuration = try store.configuration()
        let database = try await Runtime.openStore(configuration, logger: Runtime.logger(configuration), migrate: false)
        do {
            let applied = try await Migrator().migrate(database.database)
            let versions = try await Migrator().appliedVersions(database.database)
            let foods = try await FoodCatalogLoader.loadIfNeeded(database)
            await database.close()
            if foods > 0 { print("Loaded \(foods) foods from the USDA table.") }
            print(
                applied.isEmpty
                    ? "The schema is up to date (version \(versions.last ?? 0))."
                    : "Applied migrations \(applied.map(String.init).joined(separator: ", ")); the schema is at version \(versions.last ?? 0)."
            )
        } catch {
            await database.close()
            throw error
        }
    }
}
