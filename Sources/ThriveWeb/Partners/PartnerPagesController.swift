import Foundation
import Hummingbird
import ThriveCore

/// The partner portal (`/partner`, partner accounts only): the program's enrollment in
/// de-identified aggregates, and the target and amounts the partner sets.
struct PartnerPagesController {
    let services: AppServices
    var partners: PartnerService { services.partners }
    static let path = "/partner"

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("partner") { request, context -> Response in
            guard let user = context.identity?.userID else { return context.toLogin }
            let notice = request.uri.queryParameters["saved"] != nil ? t("partner.saved") : nil
            return render(PartnerPage(try await partners.dashboard(user), notice: notice), context)
        }
        router.post("partner/program") { request, context -> Response in
            guard let user = context.identity?.userID else { return context.toLogin }
            let form = try await MealPagesController.form(request)
            do {
                try await partners.save(try Self.program(form), for: user)
                return .redirect(to: "\(Self.path)?saved=1#program", type: .normal)
            } catch let error as ValidationError {
                var errors = FormErrors()
                errors.add(error)
                let typed = Dictionary(
                    uniqueKeysWithValues: ["monthlyTarget", "costPerKit", "valuePerFinding", "currency"].map {
                        ($0, form.text($0) ?? "")
                    })
                return render(
                    PartnerPage(try await partners.dashboard(user), form: typed, errors: errors), context,
                    status: .unprocessableContent)
            }
        }
    }

    /// The program as the form gives it: empty fields unset, numbers with a comma or a point.
    static func program(_ form: FormFields) throws -> PartnerProgram {
        let target = try form.text("monthlyTarget").map { text -> Int in
            guard let value = Int(text) else {
                throw ValidationError(
                    field: "monthlyTarget",
                    message: t(Phrase("partner.problem.target", ["max": .integer(PartnerProgram.targetLimit)])))
            }
            return value
        }
        return PartnerProgram(
            monthlyTarget: target, costPerKit: try form.number("costPerKit", label: t("partner.field.cost")),
            valuePerFinding: try form.number("valuePerFinding", label: t("partner.field.value")),
            currency: (form.text("currency") ?? "USD").uppercased())
    }

    private func render(_ page: PartnerPage, _ context: AppRequestContext, status: HTTPResponse.Status = .ok) -> Response {
        services.renderer.render(
            "partner", chrome: Chrome(title: t("partner.title"), context: context, tab: .profile), content: page, status: status)
    }
}
