local factory = {}

function factory.make(name, options)
  local Made = UIPresentationController:subclass(name)

  function Made:frameOfPresentedViewInContainerView()
    return options.frame
  end

  return Made
end

return factory
