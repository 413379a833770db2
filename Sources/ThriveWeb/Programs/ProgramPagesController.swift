import Foundation
import Hummingbird
import ThriveCore

/// Wellbeing › Programs in the browser: the library, one program's outline, a day's lesson with
/// marking it done, joining and leaving. Plain forms with a redirect after each write.
struct ProgramPagesController {
    let services: AppServices

    static let base = "/pillars/wellbeing/programs"

    func addRoutes(to router: Router<AppRequestContext>) {
        let service = services.programs
        router.get("pillars/wellbeing/programs") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let listings = try await service.listings(owner)
            let left = request.uri.queryParameters.get("left").flatMap { ProgramID(String($0)) }
            let notice = left.flatMap { id in listings.first { $0.program.id == id } }.map {
                t("program.notice.left", ["title": $0.program.title])
            }
            let creator = try await services.creators.space(owner)?.branding
            return services.renderer.pillarPage(
                "programs", t("programs.title"), context, ProgramsPage(listings, notice: notice, creator: creator))
        }

        router.get("pillars/wellbeing/programs/:id") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let listing = try await service.listing(owner, try ProgramsAPIController.id(context))
            let notice = request.uri.queryParameters.get("completed") == "1" ? t("program.notice.completed") : nil
            return services.renderer.pillarPage(
                "program", listing.program.title, context, ProgramDetailPage(listing, notice: notice))
        }

        router.post("pillars/wellbeing/programs/:id/enroll") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = try await MealPagesController.form(request)
            var reusing: [Int: HabitID] = [:]
            for (name, value) in form.values where name.hasPrefix("reuse-") {
                if let index = Int(name.dropFirst("reuse-".count)), let habit = HabitID(value) { reusing[index] = habit }
            }
            let listing = try await service.enroll(owner, try ProgramsAPIController.id(context), reusing: reusing)
            return .redirect(to: "\(Self.base)/\(listing.program.id)/days/1?joined=1", type: .normal)
        }

        router.post("pillars/wellbeing/programs/:id/leave") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let id = try ProgramsAPIController.id(context)
            let form = try await MealPagesController.form(request)
            guard form.text("confirm") == "yes" else {
                let page = ProgramDetailPage(
                    try await service.listing(owner, id), notice: nil, leaveError: t("program.confirmLeave"))
                return services.renderer.pillarPage("program", page.card.title, context, page, status: .unprocessableContent)
            }
            _ = try await service.leave(owner, id)
            return .redirect(to: "\(Self.base)?left=\(id)", type: .normal)
        }

        router.get("pillars/wellbeing/programs/:id/days/:day") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let listing = try await service.listing(owner, try ProgramsAPIController.id(context))
            guard let day = try Self.day(context, of: listing.program) else { throw ProgramService.missing }
            let query = request.uri.queryParameters
            let notice =
                query.get("joined") == "1"
                ? t("program.notice.joined", ["title": listing.program.title])
                : query.get("marked").flatMap { Int(String($0)) }.map {
                    t("program.notice.marked", ["day": DisplayFormat.count($0)])
                }
            let page = ProgramDayPage(listing, day: day, notice: notice)
            return services.renderer.pillarPage("program-day", page.heading, context, page)
        }

        router.post("pillars/wellbeing/programs/:id/days/:day/complete") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let id = try ProgramsAPIController.id(context)
            guard let number = context.parameters.get("day").flatMap(Int.init) else { throw ProgramService.missing }
            let listing = try await service.complete(owner, id, day: number)
            if listing.enrollment?.status == .completed {
                return .redirect(to: "\(Self.base)/\(id)?completed=1", type: .normal)
            }
            let next = min(number + 1, listing.currentDay ?? number)
            return .redirect(to: "\(Self.base)/\(id)/days/\(next)?marked=\(number)", type: .normal)
        }
    }

    static func day(_ context: AppRequestContext, of program: Program) throws -> Program.Day? {
        context.parameters.get("day").flatMap(Int.init).flatMap(program.day)
    }
}
