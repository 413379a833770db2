import Foundation
import Hummingbird
import ThriveCore

/// The person's links to their lab results through the API: `POST /api/v1/lab-shares` makes one
/// (its address in the answer, this once), `GET` lists them with their openings, `DELETE
/// /api/v1/lab-shares/{id}` revokes one.
struct LabShareAPIController {
    let services: AppServices
    var shares: LabShareService { services.labShares }

    func addRoutes(to api: FeatureAPI) {
        let group = api.healthData("lab-shares")
        group.post { request, context -> Response in
            let owner = try context.requireUser()
            let asked = try await StrictJSON.decode(LabShareRequest.self, from: request, context: context, limit: 16 * 1024)
            let results = try asked.results.map { texts in
                try texts.map { text -> LabResultID in
                    guard let id = LabResultID(text) else {
                        throw ValidationError(field: "results", message: t("labs.share.notYours"))
                    }
                    return id
                }
            }
            let (share, token) = try await shares.create(owner, results: results, days: asked.days, label: asked.label)
            var body = LabShareBody(share, now: services.now())
            body.url = LabSharePagesController.address(token, request: request, configuration: services.configuration)
            return try jsonResponse(body, status: .created)
        }
        group.get { _, context -> Response in
            let owner = try context.requireUser()
            let time = services.now()
            return try jsonResponse(LabSharesResponse(shares: try await shares.shares(owner).map { LabShareBody($0, now: time) }))
        }
        group.delete(":id") { _, context -> Response in
            let owner = try context.requireUser()
            guard let id = context.parameters.get("id").flatMap(LabShareID.init) else {
                throw AppError.notFound(t("labs.share.none"))
            }
            try await shares.revoke(owner, id)
            return Response(status: .noContent)
        }
    }
}

struct LabShareRequest: Codable, Sendable {
    /// Result ids; absent or null for all results, later ones included.
    let results: [String]?
    /// 1, 7, 30 or 90.
    let days: Int
    let label: String?
}

struct LabShareBody: Codable, Sendable {
    struct View: Codable, Sendable {
        let at: Date
        let kind: String
    }

    let id: String
    let label: String?
    let results: [String]?
    let createdAt: Date
    let expiresAt: Date
    let revokedAt: Date?
    /// active, expired or revoked.
    let state: String
    let viewCount: Int
    let views: [View]
    /// The link's address: only in the answer that made it.
    var url: String?

    init(_ share: LabShare, now: Date) {
        id = share.id.rawValue.uuidString.lowercased()
        label = share.label
        results = share.results?.map { $0.rawValue.uuidString.lowercased() }
        createdAt = share.createdAt
        expiresAt = share.expiresAt
        revokedAt = share.revokedAt
        state = share.state(at: now).rawValue
        viewCount = share.views.count
        views = share.views.prefix(50).map { View(at: $0.at, kind: $0.kind.rawValue) }
    }
}

struct LabSharesResponse: Codable, Sendable {
    let shares: [LabShareBody]
}
