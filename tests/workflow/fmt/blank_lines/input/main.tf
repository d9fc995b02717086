


locals {


  a = 1



  bbb = 2
}



output "o" {
  value = 1
}


