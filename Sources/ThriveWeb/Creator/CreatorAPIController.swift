import Foundation
import Hummingbird
import ThriveCore

/// `/api/v1/creator`: a creator's branding (read by the people in their space, changed by the
/// creator), its logo and avatar, joining and leaving a space, sharing with its creator, and the
/// creator's totals over their people.
struct CreatorAPIController {
    let services: AppServices

    func addRoutes(to creator: RouterGroup<AppRequestContext>) {
        let service = services.creators
        creator.get("branding") { _, context -> Response in
            let owner = try context.requireUser()
            guard let space = try await service.space(owner) else { throw AppError.notFound(t("creator.error.noSpace")) }
            return try jsonResponse(CreatorBrandingBody(space))
        }
        creator.put("branding") { request, context -> Response in
            let owner = try context.requireUser()
            let draft = try await StrictJSON.decode(CreatorService.Draft.self, from: request, context: context, limit: 16 * 1024)
            let (_, adjusted) = try await service.update(owner, draft)
            guard let space = try await service.space(owner) else { throw CreatorService.notCreator }
            return try jsonResponse(CreatorBrandingBody(space, adjusted: adjusted))
        }
        creator.put("images/:slot") { request, context -> Response in
            let owner = try context.requireUser()
            let slot = try Self.slot(context)
            let bytes = try await request.body.collect(upTo: ImageMediaType.maximumBytes + 1)
            _ = try await service.setImage(owner, slot, Data(buffer: bytes), coach: services.coach)
            guard let space = try await service.space(owner) else { throw CreatorService.notCreator }
            return try jsonResponse(CreatorBrandingBody(space))
        }
        creator.get("images/:slot") { _, context -> Response in
            let owner = try context.requireUser()
            let image = try await service.image(owner, try Self.slot(context))
            return Response(
                status: .ok, headers: [.contentType: image.mediaType.rawValue, .cacheControl: "private, max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(bytes: image.bytes)))
        }
        creator.post("join") { request, context -> Response in
            let owner = try context.requireUser()
            let join = try await StrictJSON.decode(CreatorJoinRequest.self, from: request, context: context, limit: 1024)
            return try jsonResponse(CreatorBrandingBody(try await service.join(owner, creator: join.creatorId)))
        }
        creator.post("leave") { _, context -> Response in
            let owner = try context.requireUser()
            try await service.leave(owner)
            return Response(status: .noContent)
        }
        creator.put("sharing") { request, context -> Response in
            let owner = try context.requireUser()
            let change = try await StrictJSON.decode(CreatorSharingRequest.self, from: request, context: context, limit: 1024)
            try await service.share(owner, change.sharesEntries)
            return try jsonResponse(change)
        }
        creator.get("members/summary") { _, context -> Response in
            let owner = try context.requireUser()
            return try jsonResponse(try await service.summary(owner, habits: services.habits))
        }
    }

    static func slot(_ context: AppRequestContext) throws -> CreatorService.ImageSlot {
        guard let slot = context.parameters.get("slot").flatMap(CreatorService.ImageSlot.init) else {
            throw AppError.notFound(t("creator.error.noImage"))
        }
        return slot
    }
}
