import Foundation
import Hummingbird
import ThriveCore

/// `/api/v1/habits`: the person's habits with today's state and streaks, adding, changing,
/// pausing, archiving and deleting them, and check-ins. Another person's habit is not found.
struct HabitsAPIController {
    let services: AppServices

    func addRoutes(to habits: RouterGroup<AppRequestContext>) {
        let service = services.habits
        habits.get { request, context -> Response in
            let owner = try context.requireUser()
            let all = request.uri.queryParameters.get("status") == "all"
            let (day, list) = all ? try await service.all(owner) : try await service.today(owner)
            return try jsonResponse(HabitListBody(day: day.iso8601, habits: list.map { HabitBody($0, day: day) }))
        }
        habits.post { request, context -> Response in
            let owner = try context.requireUser()
            let draft = try await StrictJSON.decode(HabitDraft.self, from: request, context: context, limit: 4 * 1024)
            let (day, view) = try await service.create(owner, draft)
            return try jsonResponse(HabitBody(view, day: day), status: .created)
        }
        habits.get("progress") { _, context -> Response in
            let owner = try context.requireUser()
            return try jsonResponse(HabitProgressBody(try await service.progress(owner)))
        }
        habits.get(":id") { _, context -> Response in
            let owner = try context.requireUser()
            let (day, view) = try await service.habit(owner, try Self.id(context))
            return try jsonResponse(HabitBody(view, day: day))
        }
        habits.patch(":id") { request, context -> Response in
            let owner = try context.requireUser()
            let id = try Self.id(context)
            let change = try await StrictJSON.decode(HabitChange.self, from: request, context: context, limit: 4 * 1024)
            let (day, view) = try await service.update(owner, id, change)
            return try jsonResponse(HabitBody(view, day: day))
        }
        habits.delete(":id") { _, context -> Response in
            let owner = try context.requireUser()
            try await service.delete(owner, try Self.id(context))
            return Response(status: .noContent)
        }
        habits.post(":id/checkins") { request, context -> Response in
            let owner = try context.requireUser()
            let id = try Self.id(context)
            let action = try await StrictJSON.decode(HabitCheckInRequest.self, from: request, context: context, limit: 1024)
            let outcome = try await service.checkIn(owner, id, action)
            return try jsonResponse(
                HabitCheckInResultBody(
                    previous: outcome.previous.map(HabitCheckInBody.init), checkIn: outcome.checkIn.map(HabitCheckInBody.init),
                    habit: HabitBody(outcome.today, day: outcome.day),
                    awards: outcome.awards.map(AchievementAwardBody.init) + outcome.creatorBadges.map(AchievementAwardBody.init)))
        }
    }

    static func id(_ context: AppRequestContext) throws -> HabitID {
        guard let text = context.parameters.get("id"), let id = HabitID(text) else { throw HabitService.missing }
        return id
    }
}
