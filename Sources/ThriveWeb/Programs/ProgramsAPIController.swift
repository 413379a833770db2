import Foundation
import Hummingbird
import ThriveCore

/// `/api/v1/programs`: the program library with the person's place in each, one program with its
/// lessons, joining, marking a day done, and leaving.
struct ProgramsAPIController {
    let services: AppServices

    func addRoutes(to programs: RouterGroup<AppRequestContext>) {
        let service = services.programs
        programs.get { _, context -> Response in
            let owner = try context.requireUser()
            let listings = try await service.listings(owner)
            return try jsonResponse(
                ProgramListBody(
                    day: listings.first?.today.iso8601 ?? "", programs: listings.map { ProgramBody($0, lessons: false) }))
        }
        programs.get(":id") { _, context -> Response in
            let owner = try context.requireUser()
            return try jsonResponse(ProgramBody(try await service.listing(owner, try Self.id(context)), lessons: true))
        }
        programs.post(":id/enroll") { request, context -> Response in
            let owner = try context.requireUser()
            var reusing: [Int: HabitID] = [:]
            if request.headers[.contentLength].map({ $0 != "0" }) ?? false {
                let body = try await StrictJSON.decode(EnrollRequest.self, from: request, context: context, limit: 16 * 1024)
                for choice in body.reuse ?? [] { reusing[choice.index] = choice.habitId }
            }
            let listing = try await service.enroll(owner, try Self.id(context), reusing: reusing)
            return try jsonResponse(ProgramBody(listing, lessons: true), status: .created)
        }
        programs.post(":id/leave") { _, context -> Response in
            let owner = try context.requireUser()
            return try jsonResponse(ProgramBody(try await service.leave(owner, try Self.id(context)), lessons: true))
        }
        programs.post(":id/days/:day/complete") { _, context -> Response in
            let owner = try context.requireUser()
            guard let day = context.parameters.get("day").flatMap(Int.init) else { throw ProgramService.missing }
            return try jsonResponse(
                ProgramBody(try await service.complete(owner, try Self.id(context), day: day), lessons: true))
        }
    }

    /// `POST /api/v1/programs/{id}/enroll`, all optional: program habits (by position) to follow with
    /// a habit the person already keeps instead of adding them.
    struct EnrollRequest: Codable, Sendable {
        struct Reuse: Codable, Sendable {
            let index: Int
            let habitId: HabitID
        }
        let reuse: [Reuse]?
    }

    static func id(_ context: AppRequestContext) throws -> ProgramID {
        guard let text = context.parameters.get("id"), let id = ProgramID(text) else { throw ProgramService.missing }
        return id
    }
}
