import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

/// iOS 18's zoom transition (UIViewController.Transition.zoom, scripts/system/zoom.lua): what
/// Apple documents of it. The zoomed view grows out of the source view the provider returns and
/// shrinks back into it; the provider is asked at each zoom in and out; the source view is
/// hidden while the zoom runs; a downward drag or a pinch dismisses interactively unless
/// interactiveDismissShouldBegin says no; the alignment rect is the part of the zoomed view
/// that lines up with the source.
@Suite struct ZoomTransitionTests {
    /// A (a grid with two cells) shows B, zoomed from `source` (cell1 unless changed), by a push
    /// in a navigation controller (`navigation`) or a presentation. `calls` records the
    /// appearance callbacks, `asked` the provider's calls; `clip()` is the frame on screen of the
    /// view that holds B's view during the zoom, `fmt(r)` a rect as "x y w h".
    static func scene(navigation: Bool, options: String = "", setUp: String = "") -> String {
        """
        calls, asked = {}, {}
        local function record(name) calls[#calls + 1] = name end
        Grid = UIViewController:subclass("Grid")
        function Grid:viewWillAppear() record("A.viewWillAppear") end
        function Grid:viewDidAppear() record("A.viewDidAppear") end
        function Grid:viewWillDisappear() record("A.viewWillDisappear") end
        function Grid:viewDidDisappear() record("A.viewDidDisappear") end
        Detail = UIViewController:subclass("Detail")
        function Detail:viewWillAppear() record("B.viewWillAppear") end
        function Detail:viewDidAppear() record("B.viewDidAppear") end
        function Detail:viewWillDisappear() record("B.viewWillDisappear") end
        function Detail:viewDidDisappear() record("B.viewDidDisappear") end
        A = Grid.new{ title = "A", backgroundColor = UIColor.white }
        B = Detail.new{ title = "B", backgroundColor = UIColor.blue }
        \(navigation ? "nav = UINavigationController.new(A)\ntransit.window.rootViewController = nav" : "transit.window.rootViewController = A")
        cell1 = UIView.new{ frame = CGRect(20, 200, 100, 100), backgroundColor = UIColor.red }
        cell2 = UIView.new{ frame = CGRect(200, 500, 150, 100), backgroundColor = UIColor.green }
        cell1.layer.cornerRadius = 12
        A.view:addSubview(cell1)
        A.view:addSubview(cell2)
        source = cell1
        B.preferredTransition = UIViewController.Transition.zoom{
          sourceViewProvider = function(ctx)
            asked[#asked + 1] = (ctx.sourceViewController == A and ctx.zoomedViewController == B) and "A→B" or "wrong context"
            return source
          end,
          \(options)
        }
        function fmt(r) return string.format("%g %g %g %g", r.minX, r.minY, r.width, r.height) end
        function clip() return B.view.superview.layer:presentation().frame end
        function show() \(navigation ? "nav:pushViewController(B, true)" : "A:present(B, true)") end
        function hide() \(navigation ? "nav:popViewController(true)" : "B:dismiss(true)") end
        function shown() return \(navigation ? "nav.topViewController == B" : "B.presentingViewController == A") end
        function drag(fraction, duration)
          transit.touch.pan{ from = CGPoint(196, 300), to = CGPoint(196, 300 + 852 * fraction), duration = duration or 0.6, release = true }
          transit.wait((duration or 0.6) + 1.5)
        end
        \(setUp)

        """
    }

    private static func rect(_ text: String?) -> Rect? {
        guard let numbers = text?.split(separator: " ").compactMap({ Double($0) }), numbers.count == 4 else { return nil }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    private static func close(_ a: Rect?, _ b: Rect, within tolerance: Double = 0.01) -> Bool {
        guard let a else { return false }
        return abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
            && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
    }

    private static func sceneError(_ source: String, ios: Double = 18) -> String? {
        do { _ = try runScene(source, device: "iPhone 15", ios: ios); return nil } catch let error as ScriptError { return error.message } catch { return "\(error)" }
    }

    @Test(arguments: [true, false])
    func zoomPushStartsAtTheSourceViewsFrame(navigation: Bool) throws {
        let result = try runScene(Self.scene(navigation: navigation) + """
            show()
            transit.wait(0)
            start, startRadius = fmt(clip()), B.view.superview.layer:presentation().cornerRadius
            hiddenDuring = cell1.isHidden
            transit.wait(0.1)
            -- Scaled, never resized: the zoomed view lays out at its final size throughout.
            boundsDuring = fmt(B.view.layer:presentation().bounds)
            transit.wait(0.9)
            finish, hiddenAfter = fmt(B.view.frame), cell1.isHidden
            inContainer = B.view.superview == (nav and nav.view.subviews[1] or B.presentationController.containerView)
            """, device: "iPhone 15", ios: 18)
        #expect(Self.rect(try result.text("start")) == Rect(x: 20, y: 200, width: 100, height: 100))
        #expect(try result.number("startRadius") == 12)
        #expect(Self.rect(try result.text("boundsDuring")) == Rect(x: 0, y: 0, width: 393, height: 852))
        #expect(Self.rect(try result.text("finish")) == Rect(x: 0, y: 0, width: 393, height: 852))
        #expect(try result.bool("hiddenDuring"))
        #expect(try result.bool("hiddenAfter") == false)
        #expect(try result.bool("inContainer"))
        #expect(try result.text("table.concat(asked, ' ')") == "A→B")
        #expect(result.world.transitionHistory.last?.completed == true)
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")
    }

    /// UIKit's order for a full-screen presentation and for a push.
    @Test(arguments: [true, false])
    func appearanceCallbacksComeInUIKitsOrder(navigation: Bool) throws {
        let result = try runScene(Self.scene(navigation: navigation) + """
            transit.wait(0.1)
            calls = {}
            show()
            transit.wait(1)
            zoomIn = table.concat(calls, " ")
            calls = {}
            hide()
            transit.wait(1)
            zoomOut = table.concat(calls, " ")
            """, device: "iPhone 15", ios: 18)
        #expect(try result.text("zoomIn") == "A.viewWillDisappear B.viewWillAppear " + (navigation ? "A.viewDidDisappear B.viewDidAppear" : "B.viewDidAppear A.viewDidDisappear"))
        #expect(try result.text("zoomOut") == "B.viewWillDisappear A.viewWillAppear " + (navigation ? "B.viewDidDisappear A.viewDidAppear" : "A.viewDidAppear B.viewDidDisappear"))
    }

    /// Apple: "the zoom transition uses full screen": the presenter's view leaves the window
    /// once the zoom in ends, and comes back for the zoom out.
    @Test func aZoomPresentationIsFullScreen() throws {
        let result = try runScene(Self.scene(navigation: false, setUp: "B.modalPresentationStyle = \"pageSheet\"") + """
            sheetBefore = B.sheetPresentationController
            styleBefore = B.presentationController.presentationStyle
            show()
            transit.wait(1)
            style = B.presentationController.presentationStyle
            presenterInWindow = A.view.window ~= nil
            hide()
            transit.wait(1)
            presenterBack = A.view.window ~= nil
            """, device: "iPhone 15", ios: 18)
        #expect(try result.text("style") == "fullScreen")
        // Read before presenting, the controllers say so too: no sheet.
        #expect(try result.text("tostring(sheetBefore)") == "nil")
        #expect(try result.text("styleBefore") == "fullScreen")
        #expect(try result.bool("presenterInWindow") == false)
        #expect(try result.bool("presenterBack"))
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")
    }

    /// overFullScreen keeps the presenter in the window; the zoom in and out (and the drag) work
    /// over it.
    @Test func anOverFullScreenZoomKeepsThePresenter() throws {
        let result = try runScene(Self.scene(navigation: false, setUp: "B.modalPresentationStyle = \"overFullScreen\"") + """
            show()
            transit.wait(1)
            style, presenterInWindow = B.presentationController.presentationStyle, A.view.window ~= nil
            hide()
            transit.wait(1)
            show()
            transit.wait(1)
            drag(0.5)
            """, device: "iPhone 15", ios: 18)
        #expect(try result.text("style") == "overFullScreen")
        #expect(try result.bool("presenterInWindow"))
        #expect(try result.bool("shown()") == false)
        #expect(try result.text("#asked") == "4")
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")
    }

    @Test(arguments: [true, false])
    func sourceViewProviderIsAskedAgainForTheZoomOut(navigation: Bool) throws {
        let result = try runScene(Self.scene(navigation: navigation) + """
            show()
            transit.wait(1)
            source = cell2
            hide()
            transit.wait(0)
            outStart = fmt(clip())
            cell2Hidden, cell1Hidden = cell2.isHidden, cell1.isHidden
            transit.wait(0.499)
            outEnd = fmt(clip())
            transit.wait(0.5)
            cell2HiddenAfter = cell2.isHidden
            """, device: "iPhone 15", ios: 18)
        #expect(try result.text("table.concat(asked, ' ')") == "A→B A→B")
        #expect(Self.rect(try result.text("outStart")) == Rect(x: 0, y: 0, width: 393, height: 852))
        #expect(Self.close(Self.rect(try result.text("outEnd")), Rect(x: 200, y: 500, width: 150, height: 100), within: 1))
        #expect(try result.bool("cell2Hidden"))
        #expect(try result.bool("cell1Hidden") == false)
        #expect(try result.bool("cell2HiddenAfter") == false)
        #expect(try result.bool("shown()") == false)
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")
    }

    @Test(arguments: [true, false])
    func dragDownOnTheZoomedViewDismissesInteractively(navigation: Bool) throws {
        let result = try runScene(Self.scene(navigation: navigation) + """
            show()
            transit.wait(1)
            smallest = 1e9
            local link = CADisplayLink.new(function()
              if B.view.superview and B.view.superview.name == "zoom clip" then smallest = math.min(smallest, clip().width) end
            end)
            link:add(RunLoop.main, "common")
            drag(0.5)
            link:invalidate()
            """, device: "iPhone 15", ios: 18)
        #expect(try result.bool("shown()") == false)
        let record = try #require(result.world.transitionHistory.last)
        #expect(record.kind == (navigation ? .pop : .dismissal))
        #expect(record.wasInteractive && record.completed == true)
        // The zoomed view shrank under the finger.
        #expect(try result.number("smallest") < 393)
        #expect(try result.bool("cell1.isHidden") == false)
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")
    }

    /// The zoomed view shrinks under the finger and the point first touched stays under it.
    @Test(arguments: [true, false])
    func theZoomedViewFollowsTheFinger(navigation: Bool) throws {
        let result = try runScene(Self.scene(navigation: navigation) + """
            show()
            transit.wait(1)
            transit.touch.pan{ from = CGPoint(196, 300), to = CGPoint(196, 726), duration = 0.6, release = true }
            transit.wait(0.3)
            local c = B.view.superview.frame
            local s = c.width / 393
            scale = s
            underX, underY = c.minX + s * 196, c.minY + s * 300
            -- The zoomed view keeps its size inside the clip (no autoresizing), scaled.
            size = fmt(B.view.bounds)
            onScreen = fmt(B.view.layer:presentation().frame)
            dimming = nil
            for _, v in ipairs(B.view.superview.superview.subviews) do
              if v.name == "zoom dimming" then dimming = v.alpha end
            end
            transit.wait(2)
            """, device: "iPhone 15", ios: 18)
        // Half way down (213 of the 426 points a full drag takes): scale 1 − 0.5 × 0.5.
        #expect(abs(try result.number("scale") - 0.75) < 0.01)
        #expect(abs(try result.number("underX") - 196) < 0.5)
        #expect(abs(try result.number("underY") - 513) < 2)
        #expect(abs(try result.number("dimming") - 0.5) < 0.02)
        #expect(Self.rect(try result.text("size")) == Rect(x: 0, y: 0, width: 393, height: 852))
        #expect(Self.close(Self.rect(try result.text("onScreen")), Rect(x: 0, y: 0, width: 294.75, height: 639)))
        #expect(try result.bool("shown()") == false)
    }

    @Test func aShortDragSpringsBack() throws {
        let result = try runScene(Self.scene(navigation: false) + """
            show()
            transit.wait(1)
            drag(0.05, 1.5)
            frame = fmt(B.view.frame)
            inContainer = B.view.superview == B.presentationController.containerView
            """, device: "iPhone 15", ios: 18)
        #expect(try result.bool("shown()"))
        #expect(result.world.transitionHistory.last?.completed == false)
        #expect(Self.rect(try result.text("frame")) == Rect(x: 0, y: 0, width: 393, height: 852))
        #expect(try result.bool("inContainer"))
        #expect(try result.bool("cell1.isHidden") == false)
        #expect(try result.bool("A.view.window ~= nil") == false)
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")
    }

    @Test func aPinchOnTheZoomedViewDismissesIt() throws {
        let result = try runScene(Self.scene(navigation: false) + """
            show()
            transit.wait(1)
            transit.touch.pinch{ center = CGPoint(196, 426), fromScale = 1, toScale = 0.4, duration = 0.5 }
            transit.wait(1.5)
            """, device: "iPhone 15", ios: 18)
        #expect(try result.bool("shown()") == false)
        #expect(result.world.transitionHistory.last?.wasInteractive == true)
    }

    @Test func anUpwardDragDoesNotDismiss() throws {
        let result = try runScene(Self.scene(navigation: false) + """
            show()
            transit.wait(1)
            drag(-0.3)
            """, device: "iPhone 15", ios: 18)
        #expect(try result.bool("shown()"))
        #expect(result.world.transitionHistory.filter { $0.kind == .dismissal }.isEmpty)
    }

    @Test(arguments: [true, false])
    func interactiveDismissShouldBeginFalseKeepsTheViewControllerShown(navigation: Bool) throws {
        let result = try runScene(Self.scene(navigation: navigation, options: """
            interactiveDismissShouldBegin = function(ctx)
              told = { willBegin = ctx.willBegin, location = ctx.location, velocity = ctx.velocity }
              return false
            end,
            """) + """
            show()
            transit.wait(1)
            drag(0.5)
            """, device: "iPhone 15", ios: 18)
        #expect(try result.bool("shown()"))
        #expect(try result.bool("told.willBegin"))
        #expect(try result.number("told.location.y") > 300)
        #expect(try result.number("told.velocity.y") > 0)
        #expect(result.world.transitionHistory.count == 1)
    }

    /// Apple: isModalInPresentation "prevents the interactive dismissal of the view controller".
    @Test func isModalInPresentationRefusesTheDrag() throws {
        let result = try runScene(Self.scene(navigation: false, setUp: "B.isModalInPresentation = true") + """
            show()
            transit.wait(1)
            drag(0.5)
            """, device: "iPhone 15", ios: 18)
        #expect(try result.bool("shown()"))
        #expect(result.world.transitionHistory.count == 1)
    }

    /// A presented zoom's drag is a dismissal by the user, as a sheet's pull is: the
    /// presentation controller's delegate is asked, told it will and did dismiss; a refusal
    /// (the delegate's, or isModalInPresentation's without asking) is reported on release.
    @Test(arguments: [("", "should will did"), ("answer = false", "should attempted"), ("B.isModalInPresentation = true", "attempted")])
    func aDraggedZoomPresentationIsADismissalByTheUser(setUp: String, expected: String) throws {
        let result = try runScene(Self.scene(navigation: false, setUp: setUp) + """
            delegateCalls = {}
            local Delegate = NSObject:subclass("Delegate")
            function Delegate:presentationControllerShouldDismiss() delegateCalls[#delegateCalls + 1] = "should" return answer ~= false end
            function Delegate:presentationControllerWillDismiss() delegateCalls[#delegateCalls + 1] = "will" end
            function Delegate:presentationControllerDidDismiss() delegateCalls[#delegateCalls + 1] = "did" end
            function Delegate:presentationControllerDidAttemptToDismiss() delegateCalls[#delegateCalls + 1] = "attempted" end
            show()
            transit.wait(1)
            B.presentationController.delegate = Delegate.new()
            drag(0.6)
            """, device: "iPhone 15", ios: 18)
        #expect(try result.text("table.concat(delegateCalls, ' ')") == expected)
        #expect(try result.bool("shown()") == !expected.hasSuffix("did"))
    }

    @Test func theDimmingColorDimsTheViewBehind() throws {
        let result = try runScene(Self.scene(navigation: false, options: "dimmingColor = UIColor.red,") + """
            show()
            transit.wait(0.25)
            for _, v in ipairs(B.presentationController.containerView.subviews) do
              if v.name == "zoom dimming" then dimColor, dimAlpha = v.backgroundColor, v.layer:presentation().opacity end
            end
            transit.wait(1)
            left = #B.presentationController.containerView.subviews
            """, device: "iPhone 15", ios: 18)
        #expect(try result.bool("dimColor == UIColor.red"))
        let alpha = try result.number("dimAlpha")
        #expect(alpha > 0 && alpha < 1)
        // The chrome goes when the zoom ends: only the zoomed view stays in the container.
        #expect(try result.number("left") == 1)
    }

    /// willBegin false (an upward drag) and the script returns true: its answer decides.
    @Test func interactiveDismissShouldBeginTrueOverridesWillBegin() throws {
        let result = try runScene(Self.scene(navigation: false, options: """
            interactiveDismissShouldBegin = function(ctx) willBegin = ctx.willBegin return true end,
            """) + """
            show()
            transit.wait(1)
            transit.touch.pan{ from = CGPoint(196, 600), to = CGPoint(196, 300), duration = 0.6, release = true }
            transit.wait(1.5)
            """, device: "iPhone 15", ios: 18)
        #expect(try result.bool("willBegin") == false)
        // The dismissal began (driven by a finger that went up, it cancels back).
        #expect(result.world.transitionHistory.contains { $0.kind == .dismissal && $0.wasInteractive })
    }

    /// The alignment rect (in the zoomed view's coordinates) is the part of it that covers the
    /// source view at the small end of the zoom.
    @Test func alignmentRectLinesUpWithTheSourceView() throws {
        let result = try runScene(Self.scene(navigation: true, options: """
            alignmentRectProvider = function(ctx)
              alignContext = ctx.sourceView == cell1 and ctx.zoomedViewController == B
              return CGRect(0, 100, 393, 393)
            end,
            """) + """
            show()
            transit.wait(0)
            local c, p = clip(), B.view.layer:presentation()
            local s = p.transform.m11
            local rx, ry = c.minX + p.position.x + s * (0 - 393 / 2), c.minY + p.position.y + s * (100 - 852 / 2)
            aligned = fmt(CGRect(rx, ry, 393 * s, 393 * s))
            """, device: "iPhone 15", ios: 18)
        #expect(Self.close(Self.rect(try result.text("aligned")), Rect(x: 20, y: 200, width: 100, height: 100)))
        #expect(try result.bool("alignContext"))
    }

    @Test func theEdgeSwipeZoomsOutOfAPushedController() throws {
        let result = try runScene(Self.scene(navigation: true) + """
            show()
            transit.wait(1)
            transit.touch.edgePan{ edge = "left", to = 0.8, duration = 0.5 }
            transit.wait(1.5)
            """, device: "iPhone 15", ios: 18)
        #expect(try result.bool("shown()") == false)
        #expect(result.world.transitionHistory.last?.wasInteractive == true)
        #expect(try result.text("table.concat(asked, ' ')") == "A→B A→B")
    }

    /// UIKit: a navigation or transitioning delegate's animator wins over preferredTransition.
    @Test(arguments: [true, false])
    func aDelegatesAnimatorTakesPrecedence(navigation: Bool) throws {
        let result = try runScene(Self.scene(navigation: navigation, setUp: """
            Fade = NSObject:subclass("Fade")
            function Fade:transitionDuration() return 0.3 end
            function Fade:animateTransition(ctx)
              used = true
              local to = ctx:view("to")
              ctx.containerView:addSubview(to)
              to.frame = ctx:finalFrame(ctx:viewController("to"))
              ctx:completeTransition(true)
            end
            Delegate = NSObject:subclass("Delegate")
            function Delegate:animationControllerForOperation() return Fade.new() end
            function Delegate:animationControllerForPresented() return Fade.new() end
            \(navigation ? "nav.delegate = Delegate.new()" : "B.transitioningDelegate = Delegate.new()")
            """) + """
            show()
            transit.wait(1)
            """, device: "iPhone 15", ios: 18)
        #expect(try result.bool("used"))
        #expect(try result.text("#asked") == "0")
    }

    @Test func aNilSourceViewZoomsFromTheMiddleOfTheScreen() throws {
        let result = try runScene(Self.scene(navigation: false, setUp: "source = nil") + """
            show()
            transit.wait(0)
            start, startAlpha = fmt(clip()), B.view.superview.layer:presentation().opacity
            transit.wait(1)
            """, device: "iPhone 15", ios: 18)
        #expect(Self.rect(try result.text("start")) == Rect(x: 98.25, y: 213, width: 196.5, height: 426))
        #expect(try result.number("startAlpha") == 0)
        #expect(try result.bool("shown()"))
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")
    }

    /// A source view that is not in the window (a cell scrolled away and removed) is as nil.
    @Test func aSourceViewOutsideTheWindowIsLikeNil() throws {
        let result = try runScene(Self.scene(navigation: true, setUp: "source = UIView.new{ frame = CGRect(0, 0, 10, 10) }") + """
            show()
            transit.wait(0)
            start = fmt(clip())
            transit.wait(1)
            """, device: "iPhone 15", ios: 18)
        #expect(Self.rect(try result.text("start")) == Rect(x: 98.25, y: 213, width: 196.5, height: 426))
        #expect(try result.bool("shown()"))
    }

    @Test func aSourceViewProviderReturningANonViewIsAClearError() throws {
        let message = Self.sceneError(Self.scene(navigation: true, setUp: "source = 42") + "show()\ntransit.wait(1)\n")
        // Named at the provider's line (the navigation scene's sourceViewProvider is on its line 24).
        #expect(message?.contains("scene.lua:24: UIViewController.Transition.zoom: sourceViewProvider must return a UIView or nil (got number)") == true, "\(message ?? "")")
        let rect = Self.sceneError(Self.scene(navigation: true, options: "alignmentRectProvider = function() return 5 end,") + "show()\ntransit.wait(1)\n")
        #expect(rect?.contains("UIViewController.Transition.zoom: alignmentRectProvider must return a CGRect or nil (got number)") == true, "\(rect ?? "")")
    }

    /// Scripts that change things under the zoom: preferredTransition set to nil while it
    /// runs (the zoom that began goes on; the next pop is the system slide), a provider that
    /// raises (a script error at its line), a source already hidden (it stays hidden).
    @Test func aZoomSurvivesWhatTheScriptChangesWhileItRuns() throws {
        let result = try runScene(Self.scene(navigation: true) + """
            show()
            transit.wait(0.1)
            B.preferredTransition = nil
            transit.wait(1)
            pushed = shown()
            hide()
            transit.wait(1)
            """, device: "iPhone 15", ios: 18)
        #expect(try result.bool("pushed"))
        #expect(try result.bool("shown()") == false)
        #expect(try result.text("#asked") == "1")
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")

        let raising = Self.sceneError(Self.scene(navigation: false, options: "", setUp: """
            B.preferredTransition = UIViewController.Transition.zoom{ sourceViewProvider = function() error("no cell") end }
            """) + "show()\ntransit.wait(1)\n")
        #expect(raising?.contains("scene.lua:") == true && raising?.contains("no cell") == true, "\(raising ?? "")")

        let hidden = try runScene(Self.scene(navigation: false, setUp: "cell1.isHidden = true") + """
            show()
            transit.wait(1)
            """, device: "iPhone 15", ios: 18)
        #expect(try hidden.bool("cell1.isHidden"))
    }

    @Test func zoomsArgumentsAreChecked() throws {
        let missing = Self.sceneError("t = UIViewController.Transition.zoom{}\n")
        #expect(missing?.contains("scene.lua:1: UIViewController.Transition.zoom: argument 1 (options): sourceViewProvider must be a function (got nil)") == true, "\(missing ?? "")")
        let notTable = Self.sceneError("t = UIViewController.Transition.zoom(3)\n")
        #expect(notTable?.contains("scene.lua:1: UIViewController.Transition.zoom: argument 1 (options) must be") == true, "\(notTable ?? "")")
        let unknown = Self.sceneError("t = UIViewController.Transition.zoom{ sourceViewProvider = print, dimming = 1 }\n")
        #expect(unknown?.contains("unknown option \"dimming\"") == true, "\(unknown ?? "")")
        // The one message of an options table: no argument prefix of its own, every key listed.
        #expect(unknown?.contains("UIViewController.Transition.zoom: unknown option \"dimming\"; accepted: alignmentRectProvider, dimmingColor, dimmingVisualEffect, interactiveDismissShouldBegin, sourceViewProvider") == true, "\(unknown ?? "")")
        let color = Self.sceneError("t = UIViewController.Transition.zoom{ sourceViewProvider = print, dimmingColor = 1 }\n")
        #expect(color?.contains("dimmingColor must be a UIColor (got number)") == true, "\(color ?? "")")
        // An options table whose metamethods raise is read raw: a clear error, no unwinding.
        let hostile = Self.sceneError("t = UIViewController.Transition.zoom(setmetatable({}, { __index = function() error('trap') end }))\n")
        #expect(hostile?.contains("sourceViewProvider must be a function (got nil)") == true, "\(hostile ?? "")")
        let property = Self.sceneError("v = UIViewController.new()\nv.preferredTransition = 5\n")
        #expect(property?.contains("scene.lua:2:") == true && property?.contains("UIViewController.Transition") == true, "\(property ?? "")")
    }

    /// UIKit marks UIViewController.Transition and preferredTransition iOS 18.0+.
    @Test func preferredTransitionBelowIOS18IsUnavailable() throws {
        let make = Self.sceneError("t = UIViewController.Transition.zoom{ sourceViewProvider = function() end }\n", ios: 17)
        #expect(make?.contains("scene.lua:1: UIViewController.Transition.zoom: available from iOS 18 (this run is iOS 17; run with --ios 18)") == true, "\(make ?? "")")
        let fade = Self.sceneError("t = UIViewController.Transition.crossDissolve()\n", ios: 17)
        #expect(fade?.contains("available from iOS 18") == true)
        // Reading it, and setting nil, are harmless.
        let result = try runScene("v = UIViewController.new()\nv.preferredTransition = nil\nvalue = tostring(v.preferredTransition)\n", ios: 17)
        #expect(try result.text("value") == "nil")
    }

    /// The nested class is reached through UIViewController, as in Swift, and is no global.
    @Test func theTransitionClassIsAMemberOfUIViewController() throws {
        let h = try Harness()
        #expect(h.runtime.completions(for: "UIViewController.Trans").contains("UIViewController.Transition"))
        #expect(h.runtime.completions(for: "UIViewController.Transition.zo") == ["UIViewController.Transition.zoom"])
        #expect(try h.run("return tostring(rawget(_G, 'UIViewController.Transition'))") == "nil")
        #expect(try h.bool("local Sub = UIViewController:subclass('Sub') return Sub.Transition == UIViewController.Transition"))
    }

    /// iOS 18's .crossDissolve() and the others are the modal transition styles by new names.
    @Test func aPreferredCrossDissolveIsTheCrossDissolveStyle() throws {
        let result = try runScene("""
            A, B = UIViewController.new(), UIViewController.new()
            transit.window.rootViewController = A
            B.modalPresentationStyle = "fullScreen"
            B.preferredTransition = UIViewController.Transition.crossDissolve()
            kind = B.preferredTransition.kind
            A:present(B, true)
            transit.wait(0.1)
            alpha = B.view.layer:presentation().opacity
            frame = B.view.layer:presentation().frame.minY
            transit.wait(1)
            """, device: "iPhone 15", ios: 18)
        #expect(try result.text("kind") == "crossDissolve")
        let alpha = try result.number("alpha")
        #expect(alpha > 0 && alpha < 1)
        #expect(try result.number("frame") == 0)
    }
}
