import Foundation
import Hummingbird
import ThriveCore

/// Air-quality alerts: the results page's form (`POST /results/air-quality`) and the API
/// (`/api/v1/air-quality`).
struct AirQualityPagesController {
    let services: AppServices
    var air: AirQualityService { services.airQuality }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.post("results/air-quality") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = try await MealPagesController.form(request)
            do {
                try await air.save(try Self.choice(form), for: owner)
                return .redirect(to: "\(LabPagesController.path)?air=1#air-quality", type: .normal)
            } catch let error as ValidationError {
                var errors = FormErrors()
                errors.add(error)
                return services.renderer.render(
                    "air-quality", chrome: Chrome(title: t("airQuality.title"), context: context, tab: .dashboard),
                    content: AirQualityView(try await air.choice(owner), form: form, errors: errors),
                    status: .unprocessableContent)
            }
        }
    }

    static func choice(_ form: FormFields) throws -> AirQualityChoice {
        return AirQualityChoice(
            enabled: form.text("enabled") != nil, latitude: try form.number("latitude", label: t("airQuality.latitude")),
            longitude: try form.number("longitude", label: t("airQuality.longitude")))
    }
}

struct AirQualityAPIController {
    let services: AppServices

    func addRoutes(to api: FeatureAPI) {
        let group = api.root.group("air-quality")
        group.get { _, context -> Response in
            let owner = try context.requireUser()
            let offered = try await services.airQuality.offered(owner)
            return try jsonResponse(AirQualityBody(try await services.airQuality.choice(owner), offered: offered))
        }
        group.put { request, context -> Response in
            let owner = try context.requireUser()
            let asked = try await StrictJSON.decode(AirQualityRequest.self, from: request, context: context, limit: 1024)
            let choice = AirQualityChoice(enabled: asked.enabled, latitude: asked.latitude, longitude: asked.longitude)
            try await services.airQuality.save(choice, for: owner)
            return try jsonResponse(AirQualityBody(choice, offered: true))
        }
    }
}

struct AirQualityRequest: Codable, Sendable {
    let enabled: Bool
    let latitude: Double?
    let longitude: Double?
}

struct AirQualityBody: Codable, Sendable {
    /// False when the server has no air-quality service, or the person carries no Z allele.
    let offered: Bool
    let enabled: Bool
    let latitude: Double?
    let longitude: Double?
    let threshold: Int

    init(_ choice: AirQualityChoice, offered: Bool) {
        self.offered = offered
        enabled = choice.enabled
        latitude = choice.latitude
        longitude = choice.longitude
        threshold = AirQualityAlert.threshold
    }
}
