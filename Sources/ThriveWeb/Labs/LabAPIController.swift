import Foundation
import Hummingbird
import NIOCore
import NIOPosix
import ThriveCore
import ThriveReports

/// The person's kits and results (`/api/v1/test-kits`, `/api/v1/lab-results`) and the lab's side
/// (`/api/v1/lab/…`): issuing kits, moving them along, posting results.
struct LabAPIController {
    let services: AppServices
    var labs: LabService { services.labs }

    static func reportPath(_ id: LabResultID) -> String { "/api/v1/lab-results/\(id.rawValue.uuidString.lowercased())/report" }

    /// A label photo and the number, with room for multipart's framing.
    static let registrationLimit = ImageMediaType.maximumBytes + 16 * 1024

    /// The person's kits under the consent gate (a registration is their health data); results
    /// are only read; the lab's routes keep nothing of the lab's own.
    func addRoutes(to api: FeatureAPI) {
        let kits = api.healthData("test-kits")
        kits.post("register") { request, context -> Response in
            let owner = try context.requireUser()
            let (barcode, photo) = try await Self.registration(request, context: context)
            let kit = try await labs.register(barcode, photo: photo, for: owner)
            return try jsonResponse(TestKitBody(kit), status: .created)
        }
        kits.post("scan") { request, context -> Response in
            _ = try context.requireUser()
            var request = request
            let body: ByteBuffer
            do { body = try await request.collectBody(upTo: ImageMediaType.maximumBytes) } catch {
                throw AppError(status: .contentTooLarge, code: "payload_too_large", message: t("labs.kit.photoTooLarge"))
            }
            let bytes = Data(buffer: body)
            guard ImageMediaType(sniffing: bytes) != nil else {
                throw AppError(status: .unsupportedMediaType, code: "unsupported_media_type", message: t("labs.kit.photoType"))
            }
            let found = try await Self.barcodes(in: bytes)
            return try jsonResponse(
                KitScanResponse(barcodes: found, kit: found.compactMap { KitNumber($0) }.first?.description))
        }
        kits.get { _, context -> Response in
            let owner = try context.requireUser()
            return try jsonResponse(TestKitsResponse(kits: try await labs.kits(owner).map(TestKitBody.init)))
        }
        api.root.get("lab-results") { request, context -> Response in
            let owner = try context.requireUser()
            let limit = try QueryLimit.parse(request.uri.queryParameters["limit"].map(String.init), fallback: 20, maximum: 100)
            let after = try request.uri.queryParameters["after"].map { text -> LabResultID in
                guard let id = LabResultID(String(text)) else { throw AppError.badRequest(t("labs.badCursor"), field: "after") }
                return id
            }
            let page = try await labs.results(owner, after: after, limit: limit)
            return try jsonResponse(
                LabResultsResponse(
                    results: page.results.map { LabResultBody($0, thresholds: labs.thresholds) },
                    nextCursor: page.more ? page.results.last.map { $0.id.rawValue.uuidString.lowercased() } : nil))
        }
        api.root.get("lab-results/:id") { _, context -> Response in
            let owner = try context.requireUser()
            return try jsonResponse(
                LabResultBody(try await labs.result(owner, try Self.resultID(context)), thresholds: labs.thresholds))
        }
        api.root.get("lab-results/:id/report") { _, context -> Response in
            let owner = try context.requireUser()
            let id = try Self.resultID(context)
            let pdf = try await labs.report(owner, id)
            return Self.pdf(pdf, name: "thrive-lab-result-\(try await labs.result(owner, id).testDate.iso8601).pdf")
        }
        addLabRoutes(to: api.root.group("lab"))
    }

    private func addLabRoutes(to lab: RouterGroup<AppRequestContext>) {
        lab.get("kits") { request, context -> Response in
            let user = try context.requireUser()
            let limit = try QueryLimit.parse(request.uri.queryParameters["limit"].map(String.init), fallback: 200, maximum: 1_000)
            return try jsonResponse(
                LabKitsResponse(kits: try await labs.recentKits(limit: limit, by: user).map { LabKitBody($0) }))
        }
        lab.post("kits") { request, context -> Response in
            let user = try context.requireUser()
            let asked = try await StrictJSON.decode(IssueKitsRequest.self, from: request, context: context, limit: 1024)
            let issued = try await labs.issue(count: asked.count, batch: asked.batch, partner: asked.partner, by: user)
            return try jsonResponse(
                IssuedKitsResponse(batch: issued.batch, barcodes: issued.numbers.map(\.description)), status: .created)
        }
        lab.get("partners") { _, context -> Response in
            let user = try context.requireUser()
            return try jsonResponse(LabPartnersResponse(partners: try await labs.partners(by: user)))
        }
        lab.get("batches") { _, context -> Response in
            let user = try context.requireUser()
            return try jsonResponse(KitBatchesResponse(batches: try await labs.batches(by: user).map(KitBatchBody.init)))
        }
        lab.get("labels") { request, context -> Response in
            let user = try context.requireUser()
            guard let batch = request.uri.queryParameters["batch"].map(String.init), !batch.isEmpty else {
                throw AppError.badRequest(t("labs.portal.batchMissing"), field: "batch")
            }
            return Self.pdf(Data(try await labs.labels(batch: batch, by: user)), name: Self.labelFileName(batch), inline: true)
        }
        lab.post("kits/:barcode/status") { request, context -> Response in
            let user = try context.requireUser()
            let asked = try await StrictJSON.decode(KitStatusRequest.self, from: request, context: context, limit: 1024)
            let kit = try await labs.move(context.parameters.get("barcode") ?? "", to: asked.status, by: user)
            return try jsonResponse(LabKitBody(kit))
        }
        lab.post("results") { request, context -> Response in
            let user = try context.requireUser()
            let posts = try await Self.resultPosts(request, context: context)
            let submissions = try posts.map { post -> (LabResultSubmission, report: Data?) in
                (post.submission, try post.reportPdf.map(Self.decodedPDF))
            }
            let posted = try await labs.post(submissions, by: user)
            return try jsonResponse(
                PostedResultsResponse(posted: posted.count, kits: posted.map(\.kit.description)), status: .created)
        }
    }

    /// `kit-labels-2026-11-27-1405.pdf`: the batch's name, kept to what every file system takes.
    static func labelFileName(_ batch: String) -> String {
        let safe = String(batch.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
        return "kit-labels-\(safe).pdf"
    }

    /// One result as an object, several as `{"results": [...]}`, or a CSV batch (`text/csv`).
    private static func resultPosts(_ request: Request, context: AppRequestContext) async throws -> [LabResultPost] {
        // Ten thousand results come to about 1.5 MB; a result with its PDF (5 MB, a third more in base64) fits too.
        let limit = 8 * 1024 * 1024
        if request.headers[.contentType]?.lowercased().hasPrefix("text/csv") == true {
            var request = request
            let body: ByteBuffer
            do { body = try await request.collectBody(upTo: limit) } catch {
                throw AppError(status: .contentTooLarge, code: "payload_too_large", message: t("labs.csv.tooLarge"))
            }
            return try csvPosts(String(decoding: body.readableBytesView, as: UTF8.self))
        }
        let data = try await StrictJSON.body(request, limit: limit)
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], object["results"] != nil {
            let batch = try StrictJSON.decode(LabResultsPost.self, from: data)
            guard !batch.results.isEmpty else { throw AppError.badRequest(t("labs.post.empty"), field: "results") }
            return batch.results
        }
        return [try StrictJSON.decode(LabResultPost.self, from: data)]
    }

    /// The rows of a CSV batch; the first unreadable row refuses the whole batch, naming its line.
    static func csvPosts(_ text: String) throws -> [LabResultPost] {
        let rows: [LabResultCSV.Row]
        do { rows = try LabResultCSV.rows(text) } catch {
            throw AppError(status: .unprocessableContent, code: "csv_refused", message: t(LabResultCSV.phrase(error)))
        }
        return try rows.map { row in
            switch row.submission {
            case .failure(let problem):
                throw AppError(
                    status: .unprocessableContent, code: "result_refused",
                    message: t("labs.csv.line", ["line": "\(row.line)", "reason": t(problem.phrase)]), field: problem.field)
            case .success(let submission):
                return LabResultPost(
                    kit: submission.kit, testDate: submission.testDate, aatLevel: submission.aatMilligramsPerDeciliter,
                    genotype: submission.genotype, labNote: submission.labNote, reportPdf: nil)
            }
        }
    }

    /// The lab's PDF, checked to be one (and at most 5 MB).
    static func decodedPDF(_ base64: String) throws -> Data {
        guard let data = Data(base64Encoded: base64), LabResult.isReport(data) else {
            throw ValidationError(field: "reportPdf", message: t("labs.post.pdf"))
        }
        return data
    }

    /// The barcode and photo of a registration: JSON, a form, or multipart with `barcode` and `photo`.
    static func registration(_ request: Request, context: AppRequestContext) async throws -> (String, LabService.KitPhoto?) {
        let type = request.headers[.contentType]?.lowercased() ?? ""
        if type.hasPrefix("application/json") {
            let asked = try await StrictJSON.decode(KitRegistrationRequest.self, from: request, context: context, limit: 1024)
            return (asked.barcode, nil)
        }
        guard type.hasPrefix("multipart/form-data") || type.hasPrefix("application/x-www-form-urlencoded") else {
            throw AppError(status: .unsupportedMediaType, code: "unsupported_media_type", message: t("error.mediaType"))
        }
        var request = request
        let buffer: ByteBuffer
        do { buffer = try await request.collectBody(upTo: registrationLimit) } catch {
            throw AppError(status: .contentTooLarge, code: "payload_too_large", message: t("labs.kit.photoTooLarge"))
        }
        let form = FormFields(buffer, contentType: request.headers[.contentType])
        let photo = try photo(form)
        return (try await barcode(typed: form.text("barcode"), photo: photo), photo)
    }

    /// The number typed, or else the one read from the label's photo.
    static func barcode(typed: String?, photo: LabService.KitPhoto?) async throws -> String {
        if let typed { return typed }
        guard let photo else { throw ValidationError(field: "barcode", message: t("labs.kit.barcodeMissing")) }
        let found = try await barcodes(in: photo.bytes)
        // A label read, but of another product, is refused like a typed one: the spec's words.
        guard let first = found.first else { throw ValidationError(field: "photo", message: t("labs.kit.unreadable")) }
        return found.first { KitNumber($0) != nil } ?? first
    }

    /// The Code 128 barcodes in a photo, read off the event loop (a large photo takes a moment).
    static func barcodes(in image: Data) async throws -> [String] {
        let work = { @Sendable () throws -> [String] in
            do { return try BarcodeReader.code128(in: image) } catch {
                throw ValidationError(field: "photo", message: t("labs.kit.photoType"))
            }
        }
        return try await NIOThreadPool.singleton.runIfActive(work)
    }

    static func photo(_ form: FormFields) throws -> LabService.KitPhoto? {
        guard let file = form.files["photo"], file.bytes.readableBytes > 0 else { return nil }
        let bytes = Data(buffer: file.bytes)
        guard bytes.count <= ImageMediaType.maximumBytes, let type = ImageMediaType(sniffing: bytes) else {
            throw ValidationError(field: "photo", message: t("labs.kit.photoType"))
        }
        return LabService.KitPhoto(bytes: bytes, mediaType: type)
    }

    static func resultID(_ context: AppRequestContext) throws -> LabResultID {
        guard let id = context.parameters.get("id").flatMap(LabResultID.init) else { throw AppError.notFound(t("labs.noResult")) }
        return id
    }

    static func pdf(_ data: Data, name: String, inline: Bool = false) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "application/pdf",
                .contentDisposition: "\(inline ? "inline" : "attachment"); filename=\"\(name)\"",
                .cacheControl: "private, no-store",
            ], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
