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
        programs.post(":id/enroll") { _, context -> Response in
            let owner = try context.requireUser()
            let listing = try await service.enroll(owner, try Self.id(context))
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

    static func id(_ context: AppRequestContext) throws -> ProgramID {
        guard let text = context.parameters.get("id"), let id = ProgramID(text) else { throw ProgramService.missing }
        return id
    }
}
