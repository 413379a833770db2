import Foundation
import Hummingbird
import ThriveCore

/// App metadata for clients (spec 000): the versions the server supports and its feature flags.
struct MobileController {
    let services: AppServices

    struct VersionInfo: Codable {
        let apiVersion: String
        let serverVersion: String
        let minimumSupportedVersion: String
        /// Present when the client sent `?current=x.y.z`.
        let updateRequired: Bool?
    }

    struct Config: Codable {
        /// What this server offers, each flag read from what it really serves: a client shows a
        /// feature only when its flag is on.
        struct Features: Codable {
            let accounts: Bool
            let sampleUpload: Bool
            /// `POST /api/v1/mobile/sync` and the offline snapshot.
            let offlineMode: Bool
            let pushNotifications: Bool
            /// The coach conversation (`/api/v1/coach`); on-device rules always answer.
            let coachChat: Bool
            /// The hosted coach can be chosen: the operator configured its key.
            let hostedCoach: Bool
            let habits: Bool
            let programs: Bool
            let contentLibrary: Bool
            let achievements: Bool
            let creatorSpaces: Bool
            let labResults: Bool
            let skincare: Bool
            let reports: Bool
        }
        struct Session: Codable {
            let idleTimeoutSeconds: Int
            let accessTokenSeconds: Int
            let refreshTokenSeconds: Int
        }
        struct Limits: Codable {
            let maxSamplesPerRequest: Int
            let maxRequestBytes: Int
        }
        let features: Features
        let session: Session
        let limits: Limits
        let unitSystems: [String]
        let languages: [String]
    }

    func addRoutes(to api: RouterGroup<AppRequestContext>) {
        let plain = VersionInfo(
            apiVersion: "v1", serverVersion: AppVersion.current, minimumSupportedVersion: AppVersion.minimumSupportedClient,
            updateRequired: nil)
        // Encoded once: this endpoint is polled by every client at start-up.
        let plainBody = (try? StrictJSON.makeEncoder().encode(plain)) ?? Data()
        api.get("mobile/version") { request, _ -> Response in
            guard request.uri.query != nil, let current = request.uri.queryParameters.get("current") else {
                return Response(
                    status: .ok, headers: [.contentType: "application/json"],
                    body: .init(byteBuffer: ByteBuffer(bytes: plainBody)))
            }
            guard let client = SemanticVersion(current) else {
                throw AppError.badRequest("“current” must be a version like 1.4.2.", field: "current")
            }
            let minimum = SemanticVersion(AppVersion.minimumSupportedClient)!
            return try jsonResponse(
                VersionInfo(
                    apiVersion: plain.apiVersion, serverVersion: plain.serverVersion,
                    minimumSupportedVersion: plain.minimumSupportedVersion, updateRequired: client < minimum))
        }
        // Routes this build serves are on; what it does not serve yet (push, labs, skin, reports)
        // is off until it does.
        let features = Config.Features(
            accounts: true, sampleUpload: true, offlineMode: true, pushNotifications: true, coachChat: true,
            hostedCoach: services.configuration.hostedCoach != nil, habits: true, programs: true,
            contentLibrary: true, achievements: true, creatorSpaces: true, labResults: false,
            skincare: false, reports: false)
        api.get("mobile/config") { _, _ -> Response in
            let policy = services.policy
            return try jsonResponse(
                Config(
                    features: features,
                    session: .init(
                        idleTimeoutSeconds: Int(policy.idleTimeout), accessTokenSeconds: Int(policy.accessTokenLifetime),
                        refreshTokenSeconds: Int(policy.refreshTokenLifetime)),
                    limits: .init(
                        maxSamplesPerRequest: SamplesAPIController.maxSamples, maxRequestBytes: SamplesAPIController.maxBytes),
                    unitSystems: UnitSystem.allCases.map(\.rawValue),
                    languages: StringCatalog.bundled.filter { !$0.value.entries.isEmpty }.keys.map(\.rawValue).sorted()))
        }
    }
}

/// A `major.minor.patch` version, compared numerically.
struct SemanticVersion: Comparable {
    let parts: [Int]

    init?(_ text: String) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(pieces.count), pieces.allSatisfy({ !$0.isEmpty && $0.count <= 6 && $0.allSatisfy(\.isNumber) })
        else { return nil }
        parts = pieces.compactMap { Int($0) } + Array(repeating: 0, count: 3 - pieces.count)
    }

    static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool { lhs.parts.lexicographicallyPrecedes(rhs.parts) }
}

/// Encodes `value` with the API's JSON conventions (ISO 8601 dates, sorted keys).
func jsonResponse(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
    Response(
        status: status, headers: [.contentType: "application/json"],
        body: .init(byteBuffer: ByteBuffer(bytes: try StrictJSON.makeEncoder().encode(value))))
}
