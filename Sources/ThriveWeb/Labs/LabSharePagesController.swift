import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ThriveCore
import ThriveReports

/// Sharing results with a provider: the person's page of links (`/results/shares`), and what the
/// link opens for whoever holds it, signed in or not (`/shared/:token`, its PDFs and FHIR Bundle).
struct LabSharePagesController {
    let services: AppServices
    var shares: LabShareService { services.labShares }
    static let path = "/results/shares"

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("results/shares") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let notice = request.uri.queryParameters["revoked"] != nil ? t("labs.share.revoked") : nil
            return try await page(owner, context, notice: notice)
        }
        router.post("results/shares") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = try await MealPagesController.form(request)
            do {
                let chosen = form.all("result")
                let results =
                    form.text("scope") == "some"
                    ? try chosen.map { text -> LabResultID in
                        guard let id = LabResultID(text) else {
                            throw ValidationError(field: "results", message: t("labs.share.notYours"))
                        }
                        return id
                    } : nil
                if results?.isEmpty == true { throw ValidationError(field: "results", message: t("labs.share.choose")) }
                let (share, token) = try await shares.create(
                    owner, results: results, days: Int(form.text("days") ?? "") ?? 0, label: form.text("label"))
                let url = Self.address(token, request: request, configuration: services.configuration)
                let zone = try await services.store.read { try await $0.records(of: owner).timeZone() }
                let made = LabSharesPage.Made(
                    url: url, qrCode: QRCodeImage.svg(url, label: t("labs.share.qr")) ?? "",
                    expires: t("labs.shared.until", ["time": DisplayFormat.dateTime(share.expiresAt, in: zone)]))
                return try await page(owner, context, made: made, status: .created)
            } catch let error as ValidationError {
                var errors = FormErrors()
                errors.add(error)
                return try await page(owner, context, form: form, errors: errors, status: .unprocessableContent)
            }
        }
        router.post("results/shares/:id/revoke") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            guard let id = context.parameters.get("id").flatMap(LabShareID.init) else {
                throw AppError.notFound(t("labs.share.none"))
            }
            try await shares.revoke(owner, id)
            return .redirect(to: "\(Self.path)?revoked=1#links", type: .normal)
        }
        addSharedRoutes(to: router)
    }

    /// What a link opens, without an account.
    private func addSharedRoutes(to router: Router<AppRequestContext>) {
        router.get("shared/:token") { _, context -> Response in
            let token = context.parameters.get("token") ?? ""
            do {
                let shared = try await shares.open(token, kind: .page)
                var response = services.renderer.render(
                    "lab-shared", chrome: Chrome(title: t("labs.shared.title"), context: context, tab: .none),
                    content: SharedResultsPage(shared, token: token, thresholds: services.labs.thresholds))
                response.headers[.xRobotsTag] = "noindex, nofollow"
                return response
            } catch let error as AppError where error.status == .gone {
                return services.renderer.render(
                    "lab-shared", chrome: Chrome(title: t("labs.shared.goneTitle"), context: context, tab: .none),
                    content: SharedResultsPage.Gone(), status: .gone)
            }
        }
        router.get("shared/:token/fhir") { _, context -> Response in
            let bundle = try await shares.fhir(context.parameters.get("token") ?? "")
            var response = try LabFHIRController.fhir(bundle)
            response.headers[.contentDisposition] = "attachment; filename=\"lab-results.fhir.json\""
            return response
        }
        router.get("shared/:token/results/:id/report") { _, context -> Response in
            guard let id = context.parameters.get("id").flatMap(LabResultID.init) else {
                throw AppError.notFound(t("labs.noResult"))
            }
            let (pdf, result) = try await shares.report(context.parameters.get("token") ?? "", id)
            return LabAPIController.pdf(pdf, name: "lab-result-\(result.testDate.iso8601).pdf")
        }
    }

    /// The link as the person hands it on: on the server's public address when one is set.
    static func address(_ token: String, request: Request, configuration: AppConfiguration) -> String {
        let base =
            configuration.publicURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
            ?? "http://\(request.head.authority ?? "127.0.0.1")"
        return "\(base)/shared/\(token)"
    }

    private func page(
        _ owner: UserID, _ context: AppRequestContext, made: LabSharesPage.Made? = nil, notice: String? = nil,
        form: FormFields? = nil, errors: FormErrors = FormErrors(), status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let (results, zone) = try await services.store.read { repositories in
            let records = repositories.records(of: owner)
            return (try await records.labs.results(after: nil, limit: 1_000), try await records.timeZone())
        }
        let page = LabSharesPage(
            shares: try await shares.shares(owner), results: results, zone: zone, now: services.now(), made: made,
            notice: notice, form: form, errors: errors)
        return services.renderer.render(
            "lab-shares", chrome: Chrome(title: t("labs.share.title"), context: context, tab: .dashboard), content: page,
            status: status)
    }
}

extension HTTPField.Name {
    /// Search engines leave a shared link's page out of their index.
    static let xRobotsTag = HTTPField.Name("X-Robots-Tag")!
}
