#include "output/vtk_xml_file.h"

#include <vtkDataObject.h>
#include <vtkErrorCode.h>
#include <vtkXMLWriter.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace hamdyn {

void write_vtk_xml_atomically(vtkXMLWriter& writer, vtkDataObject* data, const std::string& path) {
  const std::string tmp = path + ".tmp";
  writer.SetFileName(tmp.c_str());
  writer.SetInputDataObject(data);
  writer.SetDataModeToAppended();
  writer.EncodeAppendedDataOff();
  // A failed write is reported here in one line (a full disk among them); VTK's own report is a
  // dozen lines of its pipeline's state on stderr, which a run's one-line failure must not carry.
  const int warnings = vtkObject::GetGlobalWarningDisplay();
  vtkObject::GlobalWarningDisplayOff();
  const bool written = writer.Write() == 1;
  vtkObject::SetGlobalWarningDisplay(warnings);
  if (!written || std::rename(tmp.c_str(), path.c_str()) != 0) {
    const int error = errno;
    std::remove(tmp.c_str());
    // VTK keeps its own error code (vtkErrorCode.h), errno what the system said
    const bool full = writer.GetErrorCode() == vtkErrorCode::OutOfDiskSpaceError;
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(full ? ENOSPC : error));
  }
}

} // namespace hamdyn
