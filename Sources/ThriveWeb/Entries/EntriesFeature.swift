import Hummingbird
import ThriveCore

/// The entries a person logs by hand: mood, weight, water, journal and sleep.
struct EntriesFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        EntriesAPIController.checkIns.addRoutes(to: api.healthData("entries/mood"), services: services)
        EntriesAPIController.weighIns.addRoutes(to: api.healthData("entries/weight"), services: services)
        EntriesAPIController.water.addRoutes(to: api.healthData("entries/water"), services: services)
        EntriesAPIController.journal.addRoutes(to: api.healthData("entries/journal"), services: services)
        EntriesAPIController.sleep.addRoutes(to: api.healthData("entries/sleep"), services: services)
        EntryPagesController<MoodCheckIn>(page: .mood).addRoutes(to: pages, services: services)
        EntryPagesController<QuantitySample>(page: .weight).addRoutes(to: pages, services: services)
        EntryPagesController<QuantitySample>(page: .water).addRoutes(to: pages, services: services)
        EntryPagesController<JournalEntry>(page: .journal).addRoutes(to: pages, services: services)
        EntryPagesController<CategorySample>(page: .sleep).addRoutes(to: pages, services: services)
    }
}
