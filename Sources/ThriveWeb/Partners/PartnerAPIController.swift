import Foundation
import Hummingbird
import ThriveCore

/// The partner portal's API: `GET /api/v1/partner/dashboard` (aggregates, null where hidden) and
/// the program's settings at `/api/v1/partner/program`.
struct PartnerAPIController {
    let services: AppServices
    var partners: PartnerService { services.partners }

    func addRoutes(to api: FeatureAPI) {
        let group = api.root.group("partner")
        group.get("dashboard") { _, context -> Response in
            let user = try context.requireUser()
            return try jsonResponse(PartnerDashboardBody(try await partners.dashboard(user)))
        }
        group.get("program") { _, context -> Response in
            let user = try context.requireUser()
            return try jsonResponse(PartnerProgramBody(try await partners.program(user)))
        }
        group.put("program") { request, context -> Response in
            let user = try context.requireUser()
            let asked = try await StrictJSON.decode(PartnerProgramBody.self, from: request, context: context, limit: 1024)
            let program = PartnerProgram(
                monthlyTarget: asked.monthlyTarget, costPerKit: asked.costPerKit, valuePerFinding: asked.valuePerFinding,
                currency: asked.currency ?? "USD")
            try await partners.save(program, for: user)
            return try jsonResponse(PartnerProgramBody(program))
        }
    }
}
