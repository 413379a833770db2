import Foundation
import Hummingbird

/// `GET /api/v1/openapi.json`: the API's OpenAPI 3.1 document, shipped as a resource and kept true by
/// a test that checks every route and every documented answer against the running app.
struct OpenAPIController {
    static func document() throws -> Data {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json") else {
            throw ConfigurationError("The OpenAPI document is missing from the installation.")
        }
        return try Data(contentsOf: url)
    }

    func addRoutes(to api: RouterGroup<AppRequestContext>) throws {
        let body = try Self.document()
        api.get("openapi.json") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: body)))
        }
    }
}
