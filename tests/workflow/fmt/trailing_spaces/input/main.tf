locals {   
  a = 1   
  b = "x"	
}  
# comment with trailing   

  
