#!/bin/sh
# quirk_setting_warning.sh SHMEM_INFO OSHRUN PROGRAM ARGS...: with MPISHMEM_AMO=mpi forced and
# Open MPI asked for osc/ucx and pml/ucx (harmless on other MPIs), shmem_init warns about the
# setting exactly when shmem-info says the quirk ompi-ucx-acc-hang is active for the MPI
# loaded (Open MPI 5 over UCX), and says nothing about it otherwise.
set -u
info=$1
shift
export MPISHMEM_AMO=mpi OMPI_MCA_pml=ucx OMPI_MCA_osc=ucx OMPI_MCA_pml_ucx_tls=any \
  OMPI_MCA_pml_ucx_devices=any UCX_TLS=${UCX_TLS:-tcp,self}
if "$info" --quirks | grep -Eq '^ *ompi-ucx-acc-hang +ACTIVE'; then active=1; else active=0; fi
out=$("$@" 2>&1)
rc=$?
printf '%s\n' "$out"
[ "$rc" = 0 ] || { echo "quirk_setting_warning: the run failed (exit $rc)"; exit 1; }
n=$(printf '%s\n' "$out" | grep -c 'MPISHMEM_AMO=mpi is forced, but .*(quirk ompi-ucx-acc-hang)$')
if [ "$n" != "$active" ]; then
  echo "quirk_setting_warning: quirk active: $active, warnings: $n (want one from PE 0 exactly when active)"
  exit 1
fi
echo "quirk setting warning ok (quirk active: $active)"
