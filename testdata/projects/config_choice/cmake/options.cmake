set(STRIDE_KIND GRID_STRIDE CACHE STRING "GRID_STRIDE or BLOCK_STRIDE")
function(pick_variant name)
  add_compile_definitions(${name})
endfunction()
