# The shared libraries hamdyn links first, in this order, ahead of deal.II's own list.
#
# Why: a small study's time is mostly the dynamic loader's (docs/theory.md, "Start-up"): Debian's
# deal.II brings 219 libraries, and each of the ~340 000 symbol relocations they need is looked up
# by walking the process's libraries in their load order (the executable's DT_NEEDED list first,
# breadth first) until one defines the symbol. Libraries whose symbols most relocations resolve to
# are found sooner when they come first: with the 48 below, which take 314 000 of the 340 000
# bindings, first in that order (`LD_DEBUG=bindings hamdyn --version`, counted per library), the
# walks are short. Every library named is one hamdyn loads anyway, so nothing more is loaded and
# none is loaded twice; one that is not on the machine is left out. Regenerate the list with
#   LD_DEBUG=bindings LD_DEBUG_OUTPUT=/tmp/b build/bin/hamdyn --version
#   cat /tmp/b.* | grep -o "to [^ ]*" | sort | uniq -c | sort -rn
# keeping the libraries with at least 1000 bindings (not hamdyn itself or ld.so).
set(HAMDYN_STARTUP_LINK_ORDER
  libdeal.ii.so.9.4.1 libgmsh.so.4.8 libopenblas.so.0 libTKSTEPBase.so.7
  libtrilinos_teuchosparameterlist.so.13.2 libTKBO.so.7 libTKIGES.so.7 libstdc++.so.6
  libTKGeomAlgo.so.7 libTKMath.so.7 libTKernel.so.7 libTKXSBase.so.7 libTKSTEPAttr.so.7
  libTKG3d.so.7 libc.so.6 libalglib.so.3.19 libTKV3d.so.7 libTKGeomBase.so.7 libTKSTEP.so.7
  libcrypto.so.3 libTKTopAlgo.so.7 libTKBRep.so.7 libTKBool.so.7 libginac.so.11
  libvtkCommonDataModel-9.1.so.1 libpetsc_real.so.3.18 libtrilinos_ml.so.13.2 libmpi.so.40
  libtrilinos_epetra.so.13.2 libtrilinos_ifpack.so.13.2 libTKShHealing.so.7
  libvtkCommonCore-9.1.so.1 libdraco.so.7 libTKService.so.7 libTKLCAF.so.7 libTKMesh.so.7
  libTKFillet.so.7 libTKSTEP209.so.7 libtrilinos_teuchoscomm.so.13.2 libTKXCAF.so.7
  libTKG2d.so.7 libOpenEXR-3_1.so.30 libtrilinos_epetraext.so.13.2 libsundials_idas.so.5
  libopen-pal.so.40 libIex-3_1.so.30 libfltk.so.1.3 libTKHLR.so.7)

# hamdyn_link_in_startup_order(TARGET): links TARGET to the libraries above that this machine has,
# first and as needed or not (GNU ld's --push-state keeps the rest of the link line as it was).
function(hamdyn_link_in_startup_order target)
  set(found)
  foreach(soname ${HAMDYN_STARTUP_LINK_ORDER})
    find_file(HAMDYN_LIBRARY_${soname} ${soname}
              PATHS /lib/${CMAKE_LIBRARY_ARCHITECTURE} /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}
              NO_DEFAULT_PATH)
    if(HAMDYN_LIBRARY_${soname})
      list(APPEND found ${HAMDYN_LIBRARY_${soname}})
    endif()
  endforeach()
  if(found)
    target_link_options(${target} PRIVATE "LINKER:--push-state,--no-as-needed" ${found}
                        "LINKER:--pop-state")
  endif()
endfunction()
