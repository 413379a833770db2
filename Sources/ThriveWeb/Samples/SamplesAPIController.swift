import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// `POST /api/v1/samples` uploads quantity and category samples; `GET /api/v1/samples` lists them.
///
/// Samples uploaded here are stored as an app's (`source.kind` "app", whatever the body says): the
/// uploader is a program holding the person's token, and nothing here proves a sensor measured what
/// it sends. Device data arrives through an Apple Health import (its records name their device) or
/// a connected device; what a person types in Thrive is "manual".
///
/// Uploads are idempotent: each sample carries a `syncIdentifier`, and sending it again stores
/// nothing new unless its `syncVersion` is higher. One upload is one transaction: if any sample is
/// invalid, none is stored and the error names the first bad one.
struct SamplesAPIController {
    let services: AppServices
    static let maxSamples = 5_000
    static let maxBytes = 4 * 1024 * 1024
    static let defaultLimit = 500

    struct Upload: Codable {
        let quantitySamples: [QuantitySampleBody]?
        let categorySamples: [CategorySampleBody]?
    }

    struct Stored: Codable {
        let quantitySamples: Int
        let categorySamples: Int
    }

    struct Listing: Codable {
        let quantitySamples: [QuantitySampleBody]?
        let categorySamples: [CategorySampleBody]?
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post { request, context -> Response in
            let owner = try context.requireUser()
            let upload = try await StrictJSON.decode(Upload.self, from: request, context: context, limit: Self.maxBytes)
            let quantityBodies = upload.quantitySamples ?? []
            let categoryBodies = upload.categorySamples ?? []
            guard quantityBodies.count + categoryBodies.count <= Self.maxSamples else {
                throw AppError(
                    status: .contentTooLarge, code: "too_many_samples",
                    message: t(Phrase("api.tooManySamples", ["maximum": .integer(Self.maxSamples)])))
            }
            guard quantityBodies.count + categoryBodies.count > 0 else {
                throw AppError.badRequest(t("api.noSamples"))
            }
            let quantities = try quantityBodies.enumerated().map { index, body in
                do { return try body.sample(id: services.ids.make(), arrived: .app) } catch let error as ValidationError {
                    throw error.inside("quantitySamples[\(index)]")
                }
            }
            let categories = try categoryBodies.enumerated().map { index, body in
                do { return try body.sample(id: services.ids.make(), arrived: .app) } catch let error as ValidationError {
                    throw error.inside("categorySamples[\(index)]")
                }
            }
            try Self.checkUniqueSyncIdentifiers(quantities.compactMap(\.sync?.identifier), list: "quantitySamples")
            try Self.checkUniqueSyncIdentifiers(categories.compactMap(\.sync?.identifier), list: "categorySamples")
            let evaluation = SafetyEvaluationJob.job(for: owner, at: services.now(), ids: services.ids)
            try await services.store.write { repositories in
                let records = repositories.records(of: owner)
                try await records.quantitySamples.store(quantities)
                try await records.categorySamples.store(categories)
                // Alerts are evaluated after the commit, by the job runner, not inside this request.
                try await repositories.jobs.enqueue(evaluation)
            }
            return try jsonResponse(Stored(quantitySamples: quantities.count, categorySamples: categories.count))
        }

        group.get { request, context -> Response in
            let owner = try context.requireUser()
            let query = request.uri.queryParameters
            let window = DateWindow(from: try Self.date(query.get("from"), "from"), to: try Self.date(query.get("to"), "to"))
            let limit = try QueryLimit.parse(query.get("limit"), fallback: Self.defaultLimit, maximum: Self.maxSamples)
            let typeName = query.get("type")
            let listing = try await services.store.read { repositories -> Listing in
                let records = repositories.records(of: owner)
                switch typeName {
                case nil:
                    throw AppError.badRequest(
                        t("api.sampleTypeNeeded", ["example": QuantityType.heartRate.rawValue]), field: "type")
                case let name? where QuantityType(rawValue: name) != nil:
                    let samples = try await records.quantitySamples.samples(
                        of: QuantityType(rawValue: name), in: window, limit: limit)
                    return Listing(quantitySamples: samples.map(QuantitySampleBody.init), categorySamples: nil)
                case let name? where CategoryType(rawValue: name) != nil:
                    let samples = try await records.categorySamples.samples(
                        of: CategoryType(rawValue: name), in: window, limit: limit)
                    return Listing(quantitySamples: nil, categorySamples: samples.map(CategorySampleBody.init))
                case let name?:
                    throw AppError.badRequest(t("api.sampleTypeUnknown", ["name": name]), field: "type")
                }
            }
            return try jsonResponse(listing)
        }
    }

    static func checkUniqueSyncIdentifiers(_ identifiers: [String], list: String) throws {
        var seen = Set<String>()
        for (index, identifier) in identifiers.enumerated() where !seen.insert(identifier).inserted {
            throw ValidationError(
                field: "\(list)[\(index)].syncIdentifier",
                message: "\(list)[\(index)]: the syncIdentifier appears twice in this upload; each sample needs its own.")
        }
    }

    static func date(_ text: String?, _ name: String) throws -> Date? {
        guard let text else { return nil }
        guard let date = StrictJSON.parseDate(text) else {
            throw AppError.badRequest(t("api.dateTimeExpected", ["name": name]), field: name)
        }
        return date
    }

}
