import Foundation
import Hummingbird

/// `GET /manifest.webmanifest`: what makes Thrive installable as an app (name, icons, colours,
/// start page, shortcuts to logging), with the media type browsers expect.
struct WebAppManifestController {
    func addRoutes(to router: Router<AppRequestContext>) throws {
        guard let url = Bundle.module.url(forResource: "manifest", withExtension: "webmanifest") else {
            throw ConfigurationError("The web app manifest is missing from the installation.")
        }
        let manifest = try Data(contentsOf: url)
        router.get("manifest.webmanifest") { _, _ -> Response in
            Response(
                status: .ok,
                headers: [.contentType: "application/manifest+json", .cacheControl: "max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(bytes: manifest)))
        }
    }
}
