import Hummingbird

/// Spec 004's password-protected PDF report: made on request from the checklist page or the API,
/// and once a month by the job runner when the person schedules it.
struct HealthReportFeature: Feature {
    let services: AppServices

    func addRoutes(api: FeatureAPI, pages: Router<AppRequestContext>) {
        HealthReportAPIController(services: services).addRoutes(to: api.root.group("reports"))
        HealthReportPagesController(services: services).addRoutes(to: pages)
        ReportSchedulePagesController(services: services).addRoutes(to: pages)
    }
}
