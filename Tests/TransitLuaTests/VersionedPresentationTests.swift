import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

/// Presents B with the default style (automatic) and, after dismissing it, C with `explicit`:
/// what automatic resolved to, and whether B's frame is the frame of that explicit style.
private func automaticScene(explicit: String) -> String {
    """
    A = UIViewController.new{ title = "A" }
    B = UIViewController.new{ title = "B" }
    C = UIViewController.new{ title = "C" }
    transit.window.rootViewController = A
    A:present(B, false)
    transit.wait(1)
    resolved = tostring(B.presentationController.presentationStyle)
    automaticFrame = B.view.frame
    B:dismiss(false)
    transit.wait(1)
    C.modalPresentationStyle = "\(explicit)"
    A:present(C, false)
    transit.wait(1)
    sameFrame = automaticFrame == C.view.frame
    fillsWindow = automaticFrame == transit.window.bounds
    width = automaticFrame.width
    """
}

@Suite struct VersionedPresentationTests {
    /// Apple, UIModalPresentationStyle.automatic (iOS 13): formSheet from iOS 18, pageSheet before
    /// it; before iOS 13 the default modalPresentationStyle was fullScreen.
    @Test(arguments: [
        ("iPhone SE", 12.0, "fullScreen"), ("iPhone SE", 13.0, "pageSheet"), ("iPhone SE", 17.0, "pageSheet"), ("iPhone SE", 18.0, "formSheet"),
        ("iPhone 15", 12.0, "fullScreen"), ("iPhone 15", 13.0, "pageSheet"), ("iPhone 15", 17.0, "pageSheet"), ("iPhone 15", 18.0, "formSheet"),
        ("iPad", 12.0, "fullScreen"), ("iPad", 13.0, "pageSheet"), ("iPad", 17.0, "pageSheet"), ("iPad", 18.0, "formSheet"),
    ])
    func automaticResolvesPerVersion(device: String, ios: Double, expected: String) throws {
        let result = try runScene(automaticScene(explicit: expected), device: device, ios: ios)
        #expect(try result.text("resolved") == expected)
        // Laid out exactly as the style it resolved to.
        #expect(try result.bool("sameFrame"))
        #expect(try result.bool("fillsWindow") == (expected == "fullScreen"))
    }

    /// In compact width a form sheet shows as a page sheet (Apple, formSheet: "In a compact-width,
    /// regular-height size class, the system displays the view controller as a sheet with part of
    /// the background content visible near the top of the screen"), so an iPhone's automatic
    /// sheet looks the same on 17 and 18; on iPad 18's form sheet is narrower than 17's page sheet
    /// ("The default content size is smaller than that of the pageSheet style").
    @Test func automaticOnIOS18LooksLikeAPageSheetOnIPhoneAndIsSmallerOnIPad() throws {
        let iPhone17 = try runScene(automaticScene(explicit: "pageSheet"), device: "iPhone 15", ios: 17)
        let iPhone18 = try runScene(automaticScene(explicit: "pageSheet"), device: "iPhone 15", ios: 18)
        #expect(try iPhone18.bool("sameFrame"))
        #expect(try iPhone17.number("width") == iPhone18.number("width"))
        let iPad17 = try runScene(automaticScene(explicit: "pageSheet"), device: "iPad", ios: 17)
        let iPad18 = try runScene(automaticScene(explicit: "pageSheet"), device: "iPad", ios: 18)
        #expect(try iPad17.bool("sameFrame"))
        #expect(try iPad18.bool("sameFrame") == false)
        #expect(try iPad18.number("width") < iPad17.number("width"))
    }
}

/// Apple, UIModalTransitionStyle.partialCurl: "supported only if the parent view controller is
/// presenting a full-screen view and you use the fullScreen modal presentation style. Attempting to
/// use a different form factor for the parent view or a different presentation style triggers an
/// exception."
@Suite struct PartialCurlTests {
    private func expectCurlError(_ source: String, line: Int, device: String = "iPhone 15") {
        do {
            _ = try runScene(source, device: device)
            Issue.record("expected the partialCurl presentation to raise")
        } catch let error as ScriptError {
            #expect(error.message.contains("scene.lua:\(line): "), "\(error.message)")
            #expect(error.message.contains("Application tried to present UIModalTransitionStylePartialCurl to or from non-fullscreen view controller"), "\(error.message)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func partialCurlFromAPresenterThatIsNotFullScreenRaises() {
        expectCurlError("""
            A = UIViewController.new{ title = "A" }
            Sheet = UIViewController.new{ title = "Sheet" }
            transit.window.rootViewController = A
            Sheet.modalPresentationStyle = "pageSheet"
            A:present(Sheet, false)
            transit.wait(1)
            Curl = UIViewController.new{ title = "Curl" }
            Curl.modalPresentationStyle = "fullScreen"
            Curl.modalTransitionStyle = "partialCurl"
            Sheet:present(Curl, true)
            """, line: 10)
    }

    @Test func partialCurlWithAStyleOtherThanFullScreenRaises() {
        expectCurlError("""
            A = UIViewController.new{ title = "A" }
            transit.window.rootViewController = A
            Curl = UIViewController.new{ title = "Curl" }
            Curl.modalPresentationStyle = "formSheet"
            Curl.modalTransitionStyle = "partialCurl"
            A:present(Curl, true)
            """, line: 6, device: "iPad")
    }

    @Test func partialCurlFullScreenFromAFullScreenPresenterPresents() throws {
        let result = try runScene("""
            A = UIViewController.new{ title = "A" }
            Full = UIViewController.new{ title = "Full" }
            transit.window.rootViewController = A
            Full.modalPresentationStyle = "fullScreen"
            A:present(Full, false)
            transit.wait(1)
            Curl = UIViewController.new{ title = "Curl" }
            Curl.modalPresentationStyle = "fullScreen"
            Curl.modalTransitionStyle = "partialCurl"
            Full:present(Curl, true)
            transit.wait(2)
            presented = Full.presentedViewController == Curl
            """)
        #expect(try result.bool("presented"))
    }
}
