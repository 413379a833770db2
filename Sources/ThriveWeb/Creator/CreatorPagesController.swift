import Foundation
import Hummingbird
import ThriveCore

/// Coach › Your coaching space: a creator's studio (branding, badges, the invitation, totals over
/// their people), a person's view of the space they joined (sharing, leaving), the invitation page,
/// and the stylesheet that dresses a space's pages in its colours and font.
struct CreatorPagesController {
    let services: AppServices

    static let base = "/coach/creator"

    static func inviteAddress(_ creator: UserID) -> String { "/coach/join/\(creator)" }

    func addRoutes(to router: Router<AppRequestContext>) {
        let service = services.creators
        router.get("coach/creator") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            return try await page(
                owner, context, notice: request.uri.queryParameters.get("saved").map { _ in t("creator.saved") })
        }
        router.post("coach/creator/branding") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = try await MealPagesController.form(request)
            guard let space = try await service.space(owner), space.isOwn else { throw CreatorService.notCreator }
            do {
                let draft = try Self.draft(form, badges: space.branding.badges)
                let (_, adjusted) = try await service.update(owner, draft)
                return .redirect(
                    to: "\(Self.base)?saved=1\(adjusted.isEmpty ? "" : "&adjusted=\(adjusted.joined(separator: ","))")",
                    type: .normal)
            } catch let error as ValidationError {
                var errors = FormErrors()
                errors.add(error)
                return try await page(owner, context, errors: errors, status: .unprocessableContent)
            }
        }
        router.post("coach/creator/badges") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = try await MealPagesController.form(request)
            guard let space = try await service.space(owner), space.isOwn else { throw CreatorService.notCreator }
            var draft = Self.draft(of: space.branding)
            if let remove = form.text("remove") {
                draft.badges.removeAll { $0.id == remove }
            } else {
                let name = form.text("name") ?? ""
                let slug = Slug<CreatorBranding.Badge>(deriving: name)?.rawValue ?? "badge"
                draft.badges.append(
                    CreatorBranding.Badge(
                        id: "\(slug)-\(draft.badges.count + 1)", name: name,
                        icon: form.text("icon") ?? "🏅", description: form.text("description") ?? "",
                        habitDays: Int(form.text("habitDays") ?? "") ?? 0))
            }
            do {
                _ = try await service.update(owner, draft)
                return .redirect(to: "\(Self.base)?saved=1#badges", type: .normal)
            } catch let error as ValidationError {
                var errors = FormErrors()
                errors.add(error)
                return try await page(owner, context, errors: errors, status: .unprocessableContent)
            }
        }
        router.post("coach/creator/featured") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = try await MealPagesController.form(request)
            guard let space = try await service.space(owner), space.isOwn else { throw CreatorService.notCreator }
            var draft = Self.draft(of: space.branding)
            draft.featuredPrograms = form.all("program")
            draft.featuredContent = form.all("piece")
            _ = try await service.update(owner, draft)
            return .redirect(to: "\(Self.base)?saved=1#featured", type: .normal)
        }
        CreatorWritingPagesController(services: services, kind: .programs, service: services.creatorPrograms)
            .addRoutes(to: router)
        CreatorWritingPagesController(services: services, kind: .pieces, service: services.creatorPieces)
            .addRoutes(to: router)
        router.post("coach/creator/sharing") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = try await MealPagesController.form(request)
            try await service.share(owner, form["shares"] == "yes")
            return .redirect(to: "\(Self.base)?saved=1", type: .normal)
        }
        router.post("coach/creator/leave") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            try await service.leave(owner)
            return .redirect(to: "/coach", type: .normal)
        }
        router.get("coach/join/:creator") { _, context -> Response in
            let creator = try Self.creator(context)
            guard let owner = context.identity?.userID else {
                // Signed out: the invitation waits in the browser through signing in or up (and
                // onboarding), which then come back to it.
                var response = Response.redirect(to: "/login?notice=invitation", type: .normal)
                response.setCookie(Invitation.cookie(creator))
                return response
            }
            guard try await service.isCreator(creator), creator != owner else {
                throw AppError.notFound(t("creator.error.noInvitation"))
            }
            let name = try await services.store.read { repositories in
                try await repositories.records(of: creator).documents.get(CreatorBranding.self)?.name
            }
            return services.renderer.render(
                "creator-join", chrome: Chrome(title: t("creator.join.title"), context: context, tab: .coach),
                content: CreatorJoinPage(creator: creator.description, name: name ?? t("coach.title")))
        }
        router.post("coach/join/:creator") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            _ = try await service.join(owner, creator: try Self.creator(context))
            var response = Response.redirect(to: "/coach", type: .normal)
            response.setCookie(Invitation.cookie(nil))
            return response
        }
        router.get("creator/theme.css") { _, context -> Response in
            var css = ""
            if let owner = context.identity?.userID, let space = try await service.space(owner) {
                css = Self.stylesheet(space.branding)
            }
            return Response(
                status: .ok, headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "private, no-cache"],
                body: .init(byteBuffer: ByteBuffer(string: css)))
        }
    }

    private func page(
        _ owner: UserID, _ context: AppRequestContext, notice: String? = nil, errors: FormErrors = FormErrors(),
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let space = try await services.creators.space(owner)
        let summary = space?.isOwn == true ? try await services.creators.summary(owner, habits: services.habits) : nil
        let membership = try await services.creators.membership(owner)
        let isOwn = space?.isOwn == true
        let page = CreatorPage(
            space: space, summary: summary, sharing: membership?.sharesEntries ?? false,
            invite: (services.configuration.publicURL ?? "") + Self.inviteAddress(owner), notice: notice, errors: errors,
            programs: isOwn ? try await services.creatorPrograms.written(owner) : [],
            pieces: isOwn ? try await services.creatorPieces.written(owner) : [])
        return services.renderer.render(
            "creator", chrome: Chrome(title: t("creator.title"), context: context, tab: .coach), content: page, status: status)
    }

    static func creator(_ context: AppRequestContext) throws -> UserID {
        guard let id = context.parameters.get("creator").flatMap(UserID.init) else {
            throw AppError.notFound(t("creator.error.noInvitation"))
        }
        return id
    }

    static func draft(of branding: CreatorBranding) -> CreatorService.Draft {
        CreatorService.Draft(
            name: branding.name, primary: branding.primary, accent: branding.accent, font: branding.font,
            welcomeMessage: branding.welcomeMessage, voice: branding.voice, badges: branding.badges, adjustColors: false)
    }

    /// The studio's form read into a change.
    static func draft(_ form: FormFields, badges: [CreatorBranding.Badge]) throws(ValidationError) -> CreatorService.Draft {
        guard let primary = form.text("primary").flatMap(BrandColor.init(hex:)) else { throw .because("primary", "brandColor") }
        guard let accent = form.text("accent").flatMap(BrandColor.init(hex:)) else { throw .because("accent", "brandColor") }
        return CreatorService.Draft(
            name: form["name"] ?? "", primary: primary, accent: accent,
            font: form.text("font").flatMap(CreatorBranding.Font.init) ?? .system, welcomeMessage: form["welcomeMessage"] ?? "",
            voice: CreatorBranding.Voice(
                tone: form.text("tone").flatMap(CoachingTone.init) ?? .supportive,
                emoji: form.text("emoji").flatMap(CreatorBranding.EmojiUse.init) ?? .moderate),
            badges: badges, adjustColors: form["adjustColors"] == "yes")
    }

    /// The space's colours for the light theme (the dark theme keeps Thrive's, which are checked
    /// against dark backgrounds), and its font.
    /// The dark theme's surfaces and its button text (app.css): a brand colour in the dark theme
    /// is made light enough to read on the first and under the second.
    static let darkSurfaces = [
        BrandColor(hex: "#0D1117")!, BrandColor(hex: "#161B22")!, BrandColor(hex: "#06201D")!,
    ]

    static func stylesheet(_ branding: CreatorBranding) -> String {
        let hover = BrandColor(
            red: branding.primary.red * 4 / 5, green: branding.primary.green * 4 / 5, blue: branding.primary.blue * 4 / 5)
        let dark = branding.primary.lightened(toContrast: CreatorBranding.minimumContrast, against: darkSurfaces)
        let darkHover = dark.lightened(toContrast: dark.contrast(with: darkSurfaces[0]) + 1.5, against: [darkSurfaces[0]])
        let darkAccent = branding.accent.lightened(toContrast: 3, against: darkSurfaces)
        return """
            :root {
              --primary: light-dark(\(branding.primary), \(dark));
              --primary-hover: light-dark(\(hover), \(darkHover));
              --focus: light-dark(\(branding.accent), \(darkAccent));
            }
            body { font-family: \(branding.font.stack); }

            """
    }
}
