import Foundation
import Hummingbird
import ThriveCore

/// Family sharing on the web: `/results/family` (invite, accept, end) and a family member's
/// results at `/family/:owner`, read-only.
struct FamilyPagesController {
    let services: AppServices
    var family: FamilyShareService { services.family }
    static let path = "/results/family"

    static func resultsPath(_ owner: UserID) -> String { "/family/\(owner.rawValue.uuidString.lowercased())" }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("results/family") { request, context -> Response in
            guard let user = context.identity?.userID else { return context.toLogin }
            let query = request.uri.queryParameters
            let notice = ["invited", "accepted", "ended"].first { query[$0] != nil }.map { t("family.notice.\($0)") }
            return try await page(user, context, notice: notice)
        }
        router.post("results/family") { request, context -> Response in
            guard let user = context.identity?.userID else { return context.toLogin }
            let form = try await MealPagesController.form(request)
            do {
                _ = try await family.invite(user, email: form.text("email") ?? "", consent: form.text("consent") != nil)
                return .redirect(to: "\(Self.path)?invited=1#given", type: .normal)
            } catch let error as ValidationError {
                var errors = FormErrors()
                errors.add(error)
                return try await page(user, context, form: form, errors: errors, status: .unprocessableContent)
            }
        }
        router.post("results/family/:id/accept") { _, context -> Response in
            guard let user = context.identity?.userID else { return context.toLogin }
            try await family.accept(user, try Self.shareID(context))
            return .redirect(to: "\(Self.path)?accepted=1#received", type: .normal)
        }
        router.post("results/family/:id/end") { _, context -> Response in
            guard let user = context.identity?.userID else { return context.toLogin }
            try await family.end(user, try Self.shareID(context))
            return .redirect(to: "\(Self.path)?ended=1", type: .normal)
        }
        router.get("family/:owner") { _, context -> Response in
            guard let user = context.identity?.userID else { return context.toLogin }
            let owner = try Self.owner(context)
            let (name, results) = try await family.results(of: owner, viewer: user)
            let zone = try await services.store.read { try await $0.records(of: user).timeZone() }
            return services.renderer.render(
                "lab-shared",
                chrome: Chrome(title: t("labs.shared.titleNamed", ["name": name]), context: context, tab: .dashboard),
                content: FamilyResultsPage(
                    name: name, owner: owner, results: results, zone: zone, thresholds: services.labs.thresholds))
        }
        router.get("family/:owner/results/:id/report") { _, context -> Response in
            guard let user = context.identity?.userID else { return context.toLogin }
            let owner = try Self.owner(context)
            guard try await family.mayRead(owner, viewer: user) else { throw AppError.notFound(t("family.none")) }
            let id = try LabAPIController.resultID(context)
            return LabAPIController.pdf(try await services.labs.report(owner, id), name: "lab-report.pdf")
        }
    }

    private func page(
        _ user: UserID, _ context: AppRequestContext, notice: String? = nil, form: FormFields? = nil,
        errors: FormErrors = FormErrors(), status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let entries = try await family.overview(user)
        let zone = try await services.store.read { try await $0.records(of: user).timeZone() }
        return services.renderer.render(
            "family", chrome: Chrome(title: t("family.title"), context: context, tab: .dashboard),
            content: FamilyPage(entries, zone: zone, notice: notice, form: form, errors: errors), status: status)
    }

    static func shareID(_ context: AppRequestContext) throws -> FamilyShareID {
        guard let id = context.parameters.get("id").flatMap(FamilyShareID.init) else { throw AppError.notFound(t("family.none")) }
        return id
    }

    static func owner(_ context: AppRequestContext) throws -> UserID {
        guard let id = (context.parameters.get("owner") ?? context.parameters.get("id")).flatMap(UUID.init(uuidString:)) else {
            throw AppError.notFound(t("family.none"))
        }
        return UserID(id)
    }
}

/// Family sharing in the API: `/api/v1/family`.
struct FamilyAPIController {
    let services: AppServices
    var family: FamilyShareService { services.family }

    func addRoutes(to api: FeatureAPI) {
        let group = api.root.group("family")
        group.get { _, context -> Response in
            let user = try context.requireUser()
            return try jsonResponse(FamilySharesResponse(shares: try await family.overview(user).map(FamilyShareBody.init)))
        }
        group.post { request, context -> Response in
            let user = try context.requireUser()
            let asked = try await StrictJSON.decode(FamilyInviteRequest.self, from: request, context: context, limit: 1024)
            let share = try await family.invite(user, email: asked.email, consent: asked.consent == true)
            let entry = FamilyShareService.Entry(share: share, name: share.email.value, email: share.email.value, isMine: true)
            return try jsonResponse(FamilyShareBody(entry), status: .created)
        }
        group.post(":id/accept") { _, context -> Response in
            let user = try context.requireUser()
            try await family.accept(user, try FamilyPagesController.shareID(context))
            return try jsonResponse(FamilySharesResponse(shares: try await family.overview(user).map(FamilyShareBody.init)))
        }
        group.post(":id/end") { _, context -> Response in
            let user = try context.requireUser()
            try await family.end(user, try FamilyPagesController.shareID(context))
            return try jsonResponse(FamilySharesResponse(shares: try await family.overview(user).map(FamilyShareBody.init)))
        }
        group.get(":id/results") { _, context -> Response in
            let user = try context.requireUser()
            let (name, results) = try await family.results(of: try FamilyPagesController.owner(context), viewer: user)
            return try jsonResponse(
                FamilyResultsResponse(
                    name: name, results: results.map { LabResultBody($0, thresholds: services.labs.thresholds) }))
        }
    }
}

struct FamilyInviteRequest: Codable, Sendable {
    let email: String
    /// The person's consent to share their lab results with this family member: must be true.
    let consent: Bool?
}

struct FamilyShareBody: Codable, Sendable {
    let id: String
    /// `invited` or `active`.
    let state: String
    /// True for a share the caller gives; false for one given to the caller.
    let mine: Bool
    let name: String
    let email: String
    /// The sharer's user id, for reading their results (shares given to the caller).
    let ownerId: String?
    let invitedAt: Date
    let acceptedAt: Date?

    init(_ entry: FamilyShareService.Entry) {
        id = entry.share.id.rawValue.uuidString.lowercased()
        state = entry.share.state.rawValue
        mine = entry.isMine
        name = entry.name
        email = entry.email
        ownerId = entry.isMine ? nil : entry.share.owner.rawValue.uuidString.lowercased()
        invitedAt = entry.share.invitedAt
        acceptedAt = entry.share.acceptedAt
    }
}

struct FamilySharesResponse: Codable, Sendable {
    let shares: [FamilyShareBody]
}

struct FamilyResultsResponse: Codable, Sendable {
    let name: String
    let results: [LabResultBody]
}
