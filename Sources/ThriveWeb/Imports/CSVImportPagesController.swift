import Foundation
import Hummingbird
import NIOCore
import ThriveCore
import ThriveImport
import ThriveStore

/// Profile › Your data › Import › From a spreadsheet: choose a CSV file, say which column is what
/// (guessed from its header), see what it will become, then import it. Works without scripts: the
/// file's text travels back in the mapping form.
struct CSVImportPagesController {
    let services: AppServices
    static let path = "/profile/data/import/csv"

    var csv: CSVImport { CSVImport(store: services.store, now: services.now, ids: services.ids) }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get(RouterPath(String(Self.path.dropFirst()))) { _, context -> Response in
            guard context.identity?.userID != nil else { return context.toLogin }
            return render(CSVImportPage(upload: nil), context)
        }
        router.post(RouterPath(String(Self.path.dropFirst()))) { request, context -> Response in
            var request = request
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = FormFields(
                try await request.collectBody(upTo: CSRFMiddleware.formLimit), contentType: request.headers[.contentType])
            guard let file = form.files["file"], file.bytes.readableBytes > 0 else {
                return render(CSVImportPage(upload: t("imports.csv.chooseFile")), context)
            }
            guard let text = file.bytes.getString(at: file.bytes.readerIndex, length: file.bytes.readableBytes),
                !text.contains("\u{0}")
            else { return render(CSVImportPage(upload: t("imports.csv.notText")), context) }
            do {
                let preview = try await csv.preview(text, fileName: file.name, mapping: nil, for: owner)
                return render(CSVImportPage(preview, text: text), context)
            } catch let error as AppError where error.field == "mapping" {
                // Nothing in the header says what is what: the person chooses.
                let header = CSVText.rows(text).first ?? []
                let guess = CSVSampleMapping(start: 0, value: min(1, max(header.count - 1, 0)), type: .bodyMass)
                let preview = try await csv.preview(text, fileName: file.name, mapping: guess, for: owner)
                return render(CSVImportPage(preview, text: text, error: error.message), context)
            } catch let error as AppError {
                return render(CSVImportPage(upload: error.message), context)
            }
        }
        router.post(RouterPath(String(Self.path.dropFirst()) + "/rows")) { request, context -> Response in
            var request = request
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            let text = form["csv"] ?? ""
            let fileName = form["fileName"] ?? "import.csv"
            let mapping = CSVImportPage.mapping(form)
            do {
                let preview = try await csv.preview(text, fileName: fileName, mapping: mapping, for: owner)
                guard form["action"] == "import" else { return render(CSVImportPage(preview, text: text), context) }
                do {
                    let item = try await csv.store(preview, skippingProblems: form["skipProblems"] == "yes", for: owner)
                    return .redirect(to: "\(ImportPagesController.path)#import-\(item.id)", type: .normal)
                } catch let error as AppError {
                    return render(CSVImportPage(preview, text: text, error: error.message), context)
                }
            } catch let error as AppError {
                return render(CSVImportPage(upload: error.message), context)
            }
        }
    }

    private func render(_ page: CSVImportPage, _ context: AppRequestContext) -> Response {
        services.renderer.render(
            "import-csv", chrome: Chrome(title: t("imports.csv.title"), context: context, tab: .profile), content: page)
    }
}
