#pragma once
// Writes a VTK dataset with one of VTK's XML writers (raw appended binary, Float64 as given) under
// a temporary name and renames it into place, like every hamdyn output (storage/atomic_file.h): a
// kill never leaves a truncated file for ParaView or a resumed run to find.
#include <string>

class vtkDataObject;
class vtkXMLWriter;

namespace hamdyn {

/// `writer` (e.g. a vtkXMLPolyDataWriter) writes `data` to `path`; throws naming the file.
void write_vtk_xml_atomically(vtkXMLWriter& writer, vtkDataObject* data, const std::string& path);

} // namespace hamdyn
