region="us-east-1"
instance_count    =   3
tags={
Name="x"
  Environment = "dev"
}
list = [ 1,2 ]
