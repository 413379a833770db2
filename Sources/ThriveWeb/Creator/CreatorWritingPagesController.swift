import Foundation
import Hummingbird
import ThriveCore

/// Coach › Your coaching space › Your programs (or pieces): writing one in Markdown, editing it and
/// removing it. Plain forms; a text that does not read comes back with the line to mend.
struct CreatorWritingPagesController<Entity: CreatorWritable> {
    let services: AppServices
    let kind: CreatorWritingKind
    let service: CreatorWritingService<Entity>

    func addRoutes(to router: Router<AppRequestContext>) {
        let base = "coach/creator/\(kind.segment)"
        router.get("\(base)/new") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            _ = try await service.written(owner)
            return page(CreatorWritingPage(kind, id: nil, title: nil, text: kind.starter), context)
        }
        router.post(RouterPath(base)) { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let text = try await MealPagesController.form(request)["markdown"] ?? ""
            return try await saved(owner, nil, text: text, context)
        }
        router.get("\(base)/:id") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let written = try await self.written(owner, context)
            return page(
                CreatorWritingPage(kind, id: written.id.rawValue, title: written.entity.title, text: written.text), context)
        }
        router.post("\(base)/:id") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let written = try await self.written(owner, context)
            let text = try await MealPagesController.form(request)["markdown"] ?? ""
            return try await saved(owner, written, text: text, context)
        }
        router.post("\(base)/:id/remove") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let written = try await self.written(owner, context)
            guard try await MealPagesController.form(request).text("confirm") == "yes" else {
                let page = CreatorWritingPage(
                    kind, id: written.id.rawValue, title: written.entity.title, text: written.text,
                    removeError: t("\(kind.keys).confirmRemove"))
                return self.page(page, context, status: .unprocessableContent)
            }
            try await service.remove(owner, written.id)
            return .redirect(to: "\(CreatorPagesController.base)?saved=1#\(kind.segment)", type: .normal)
        }
    }

    /// Saves the text and shows it as people will see it, or the form again with what to mend.
    private func saved(
        _ owner: UserID, _ written: CreatorWritingService<Entity>.Written?, text: String, _ context: AppRequestContext
    ) async throws -> Response {
        func again(_ message: String) -> Response {
            let page = CreatorWritingPage(
                kind, id: written?.id.rawValue, title: written?.entity.title, text: text, error: message)
            return self.page(page, context, status: .unprocessableContent)
        }
        do {
            let id = try await service.save(owner, id: written?.id, text: text)
            return .redirect(to: kind.publicPath(id.rawValue), type: .normal)
        } catch let error as AppError where error.status == .unprocessableContent {
            return again(error.message)
        } catch let error as ValidationError {
            return again(t(error.phrase))
        }
    }

    private func page(_ page: CreatorWritingPage, _ context: AppRequestContext, status: HTTPResponse.Status = .ok) -> Response {
        services.renderer.render(
            "creator-writing", chrome: Chrome(title: page.heading, context: context, tab: .coach), content: page,
            status: status)
    }

    /// The creator's own one the address names.
    private func written(_ owner: UserID, _ context: AppRequestContext) async throws -> CreatorWritingService<Entity>.Written {
        let id = context.parameters.get("id").flatMap(Slug<Entity>.init)
        guard let id, let written = try await service.written(owner).first(where: { $0.id == id }) else {
            throw CreatorWritingService<Entity>.missing
        }
        return written
    }
}
