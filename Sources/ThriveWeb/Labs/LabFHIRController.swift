import Foundation
import Hummingbird
import NIOCore
import ThriveCore

/// Lab results as FHIR R4: the person's results out as a Bundle (`GET /api/v1/lab-results/fhir`)
/// for their clinician's system, and a lab's transaction Bundle in (`POST /api/v1/lab/fhir`),
/// answered FHIR's way: a `transaction-response` Bundle, or an `OperationOutcome` saying what is wrong.
struct LabFHIRController {
    let services: AppServices
    var labs: LabService { services.labs }
    static let contentType = "application/fhir+json; fhirVersion=4.0"

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        api.get("lab-results/fhir") { _, context -> Response in
            let owner = try context.requireUser()
            return try Self.fhir(try await labs.fhirBundle(owner))
        }
        api.post("lab/fhir") { request, context -> Response in
            let user = try context.requireUser()
            do {
                let bundle = try await Self.bundle(request)
                try await labs.require(.lab, user)
                let posts: [LabFHIR.Posted]
                do throws(LabFHIR.Problem) { posts = try LabFHIR.submissions(bundle) } catch {
                    return try Self.outcome(.unprocessableContent, "invalid", t(error.phrase), expression: error.expression)
                }
                let posted = try await labs.post(posts.map { ($0.submission, report: $0.report) }, by: user)
                let entries = zip(posts, posted).map { post, result in
                    FHIR.BundleEntry(
                        fullUrl: post.fullUrl, resource: nil,
                        response: FHIR.BundleResponse(
                            status: "201 Created", location: "DiagnosticReport/\(result.id.rawValue.uuidString.lowercased())"))
                }
                return try Self.fhir(
                    FHIR.Bundle(type: "transaction-response", timestamp: FHIR.instant(services.now()), entry: entries),
                    status: .ok)
            } catch let error as AppError where [.unprocessableContent, .conflict].contains(error.status) {
                // The same refusals of a result as the JSON route's, in FHIR's words for an error; a
                // body that is no Bundle at all is refused as on every route.
                return try Self.outcome(error.status, error.status == .conflict ? "conflict" : "invalid", error.message)
            }
        }
    }

    /// The Bundle a lab sent, as FHIR JSON (`application/fhir+json`, or plain JSON); elements Thrive
    /// does not use are passed over, as FHIR readers do.
    static func bundle(_ request: Request) async throws -> FHIR.Bundle {
        let type = request.headers[.contentType]?.lowercased() ?? ""
        guard type.hasPrefix("application/fhir+json") || type.hasPrefix("application/json") else {
            throw AppError(status: .unsupportedMediaType, code: "unsupported_media_type", message: t("labs.fhir.mediaType"))
        }
        let data: Data
        do { data = Data(buffer: try await request.body.collect(upTo: 8 * 1024 * 1024)) } catch {
            throw AppError(status: .contentTooLarge, code: "payload_too_large", message: t("labs.csv.tooLarge"))
        }
        do {
            let decoder = JSONDecoder()
            return try decoder.decode(FHIR.Bundle.self, from: data)
        } catch {
            throw AppError.badRequest(t("labs.fhir.notABundle"))
        }
    }

    /// An error as a FHIR `OperationOutcome`, with the HTTP status it goes with.
    static func outcome(
        _ status: HTTPResponse.Status, _ code: String, _ message: String, expression: String? = nil
    ) throws -> Response {
        try fhir(
            FHIR.OperationOutcome(issue: [
                FHIR.IssueDetail(severity: "error", code: code, diagnostics: message, expression: expression.map { [$0] })
            ]), status: status)
    }

    static func fhir(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(
            status: status, headers: [.contentType: contentType, .cacheControl: "private, no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }
}
