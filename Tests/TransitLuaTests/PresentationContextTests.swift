import Testing
@testable import TransitCore
@testable import TransitLua

/// `present` called on a child of a container is performed by the controller UIKit picks:
/// the nearest ancestor defining a presentation context for the current-context styles, the
/// controller covering the screen for the others.
@Suite struct PresentationContextTests {
    @Test(arguments: ["fullScreen", "pageSheet", "overFullScreen", "custom"])
    func aNavigationChildsPresentationIsPerformedByTheControllerCoveringTheScreen(style: String) throws {
        let result = try runScene("""
            A = UIViewController.new{ title = "A" }
            N = UINavigationController.new(A)
            transit.window.rootViewController = N
            B = UIViewController.new{ title = "B" }
            B.modalPresentationStyle = "\(style)"
            A:present(B, true)
            transit.wait(1)
            byN = B.presentingViewController == N
            nPresents = N.presentedViewController == B
            aSees = A.presentedViewController == B   -- through its ancestor
            A:dismiss(true)                          -- dismisses what its ancestor presented
            transit.wait(1)
            dismissed = B.presentingViewController == nil and N.presentedViewController == nil
            """)
        #expect(try result.bool("byN"))
        #expect(try result.bool("nPresents"))
        #expect(try result.bool("aSees"))
        #expect(try result.bool("dismissed"))
    }

    @Test func aTabChildsFullScreenPresentationIsPerformedByTheTabBarController() throws {
        let result = try runScene("""
            A, C = UIViewController.new{ title = "A" }, UIViewController.new{ title = "C" }
            T = UITabBarController.new{ viewControllers = { A, C } }
            transit.window.rootViewController = T
            B = UIViewController.new{ title = "B" }
            B.modalPresentationStyle = "fullScreen"
            A:present(B, true, function() tabViewGone = T.view.window == nil end)
            transit.wait(1)
            byT = B.presentingViewController == T
            """)
        #expect(try result.bool("byT"))
        // The whole screen's controller is covered, so its view is the one removed.
        #expect(try result.bool("tabViewGone"))
    }

    @Test func currentContextIsPerformedByTheNearestAncestorDefiningAContext() throws {
        let result = try runScene("""
            A = UIViewController.new{ title = "A" }
            Inner = UIViewController.new{ title = "Inner" }
            Outer = UIViewController.new{ title = "Outer" }
            Outer:addChild(Inner) Outer.view:addSubview(Inner.view) Inner:didMoveToParent(Outer)
            Inner.view.frame = CGRect(0, 100, 320, 200)
            Outer.definesPresentationContext = true
            N = UINavigationController.new(A)
            transit.window.rootViewController = N
            A:addChild(Outer) A.view:addSubview(Outer.view) Outer:didMoveToParent(A)
            Outer.view.frame = CGRect(0, 64, 320, 400)
            B = UIViewController.new{ title = "B" }
            B.modalPresentationStyle = "overCurrentContext"
            Inner:present(B, false)
            transit.wait(0.5)
            byOuter = B.presentingViewController == Outer
            frame = B.view:convert(B.view.bounds, transit.window)
            B:dismiss(false)
            transit.wait(0.5)
            Outer.definesPresentationContext = false
            Inner:present(B, false)
            transit.wait(0.5)
            withoutContext = B.presentingViewController == N
            """)
        #expect(try result.bool("byOuter"))
        // The context's view is what the presented view covers.
        #expect(try result.text("tostring(frame)") == "CGRect(0, 64, 320, 400)")
        #expect(try result.bool("withoutContext"))
    }

    /// Apple: "The default value for this property is false. Some system-provided view
    /// controllers, such as UINavigationController, change the default value to true."
    @Test func aNavigationControllerDefinesAPresentationContextByDefault() throws {
        let result = try runScene("""
            R = UIViewController.new{ title = "R" }
            transit.window.rootViewController = R
            A = UIViewController.new{ title = "A" }
            N = UINavigationController.new(A)
            R:addChild(N) R.view:addSubview(N.view) N:didMoveToParent(R)
            N.view.frame = CGRect(0, 200, 320, 300)
            defaults = tostring(UIViewController.new().definesPresentationContext) .. " " .. tostring(N.definesPresentationContext)
            B = UIViewController.new{ title = "B" }
            B.modalPresentationStyle = "currentContext"
            A:present(B, false)
            transit.wait(0.5)
            byN = B.presentingViewController == N
            frame = B.view:convert(B.view.bounds, transit.window)
            """)
        #expect(try result.text("defaults") == "false true")
        #expect(try result.bool("byN"))
        #expect(try result.text("tostring(frame)") == "CGRect(0, 200, 320, 300)")
    }

    @Test func aPresentedNavigationChildPresentsFromThePresentedNavigationController() throws {
        let result = try runScene("""
            R = UIViewController.new{ title = "R" }
            transit.window.rootViewController = R
            D = UIViewController.new{ title = "D" }
            M = UINavigationController.new(D)
            M.modalPresentationStyle = "fullScreen"
            R:present(M, false)
            transit.wait(0.5)
            dSeesR = D.presentingViewController == R   -- through its presented ancestor
            E = UIViewController.new{ title = "E" }
            E.modalPresentationStyle = "currentContext"
            D:present(E, false)
            transit.wait(0.5)
            byM = E.presentingViewController == M
            D:dismiss(false)   -- dismisses E, which its ancestor presented
            transit.wait(0.5)
            eGone = E.presentingViewController == nil and M.presentingViewController == R
            D:dismiss(false)   -- now dismisses M, its presented ancestor
            transit.wait(0.5)
            mGone = M.presentingViewController == nil and R.presentedViewController == nil
            """)
        #expect(try result.bool("dSeesR"))
        #expect(try result.bool("byM"))
        #expect(try result.bool("eGone"))
        #expect(try result.bool("mGone"))
    }
}
