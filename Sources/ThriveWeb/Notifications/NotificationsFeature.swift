import Hummingbird

/// The notification center: the bell, the list, read and delete, on the page and through the API.
struct NotificationsFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        NotificationsAPIController(services: services).addRoutes(to: api.root)
        PushDevicesAPIController(services: services).addRoutes(to: api.root)
        NotificationPagesController(services: services).addRoutes(to: pages)
    }
}
